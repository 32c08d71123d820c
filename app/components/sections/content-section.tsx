import type { ReactNode } from "react";

/** A titled section of a page: an h2 that names the section, an optional introduction, then the content. */
export function ContentSection({
  id,
  title,
  intro,
  width = "max-w-7xl",
  children,
}: {
  /** Prefix of the heading's id, unique on the page. */
  id: string;
  title: string;
  intro?: string;
  width?: "max-w-7xl" | "max-w-4xl";
  children: ReactNode;
}) {
  const headingId = `${id}-heading`;
  return (
    <section
      aria-labelledby={headingId}
      className={`mx-auto ${width} px-4 py-14 sm:px-6`}
    >
      <h2
        id={headingId}
        className="text-center font-serif text-3xl font-bold text-white"
      >
        {title}
      </h2>
      {intro ? (
        <p className="mx-auto mt-3 max-w-2xl text-center text-slate-300">
          {intro}
        </p>
      ) : null}
      {children}
    </section>
  );
}
