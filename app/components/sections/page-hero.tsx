import type { ReactNode } from "react";

/** The top of a section page: an optional badge, the page's one h1 and its introduction. */
export function PageHero({
  badge,
  title,
  children,
}: {
  badge?: string;
  title: string;
  children?: ReactNode;
}) {
  return (
    <header className="relative overflow-hidden border-b border-white/10 bg-gradient-to-b from-emerald-950/60 to-slate-950">
      <div className="mx-auto max-w-4xl px-4 py-20 text-center sm:px-6">
        {badge ? (
          <p className="inline-block rounded-full border border-amber-300/40 bg-amber-300/10 px-4 py-1 text-sm font-medium text-amber-200">
            {badge}
          </p>
        ) : null}
        <h1 className="mt-4 font-serif text-4xl font-bold text-white sm:text-5xl">
          {title}
        </h1>
        {children ? (
          <div className="mt-6 text-lg leading-relaxed text-slate-300">
            {children}
          </div>
        ) : null}
      </div>
    </header>
  );
}
