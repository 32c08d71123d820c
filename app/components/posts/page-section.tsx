import type { ReactNode } from "react";

/** A titled section of a themed page: an <h2> that names the section for assistive tech. */
export function PageSection({
  id,
  title,
  intro,
  children,
}: {
  /** The id of the section heading. */
  id: string;
  title: string;
  intro?: string;
  children: ReactNode;
}) {
  return (
    <section
      aria-labelledby={id}
      className="mx-auto max-w-7xl px-4 py-12 sm:px-6"
    >
      <h2 id={id} className="font-serif text-3xl font-bold text-white">
        {title}
      </h2>
      {intro ? <p className="mt-3 max-w-2xl text-slate-300">{intro}</p> : null}
      <div className="mt-8">{children}</div>
    </section>
  );
}
