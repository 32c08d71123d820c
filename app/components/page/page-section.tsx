import type { ReactNode } from "react";

const widths = { wide: "max-w-7xl", narrow: "max-w-3xl" } as const;

/** A titled section of a page: an h2 that names the section, an optional introduction, then the content. */
export function PageSection({
  id,
  title,
  intro,
  width = "wide",
  children,
}: {
  /** Prefix of the heading's id, unique on the page. */
  id: string;
  title: string;
  intro?: string;
  /** Narrow for reading columns (stacked entries, a calendar). */
  width?: keyof typeof widths;
  children: ReactNode;
}) {
  const headingId = `${id}-heading`;
  return (
    <section
      aria-labelledby={headingId}
      className={`mx-auto w-full ${widths[width]} px-4 py-12 sm:px-6 sm:py-16`}
    >
      <div className="mx-auto max-w-2xl text-center">
        <h2
          id={headingId}
          className="font-serif text-3xl font-bold tracking-tight text-balance text-white sm:text-4xl"
        >
          {title}
        </h2>
        <span
          aria-hidden="true"
          className="mx-auto mt-4 block h-1 w-12 rounded-full bg-gradient-to-r from-emerald-400 to-amber-300"
        />
        {intro ? (
          <p className="mt-4 text-lg text-pretty text-slate-300">{intro}</p>
        ) : null}
      </div>
      <div className="mt-10">{children}</div>
    </section>
  );
}
