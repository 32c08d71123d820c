import { ArrowRight } from "lucide-react";
import type { ReactNode } from "react";
import { Link } from "react-router";

/** A page's closing invitation: 'Join the Adventure', 'Share the Music'... */
export function CallToAction({
  id,
  title,
  linkText,
  to,
  children,
}: {
  /** The id of the section heading. */
  id: string;
  title: string;
  linkText: string;
  to: string;
  children: ReactNode;
}) {
  return (
    <section
      aria-labelledby={id}
      className="mx-auto max-w-7xl px-4 py-16 sm:px-6"
    >
      <div className="rounded-3xl border border-white/10 bg-gradient-to-br from-emerald-900/60 to-slate-900 px-6 py-14 text-center">
        <h2
          id={id}
          className="font-serif text-3xl font-bold text-white sm:text-4xl"
        >
          {title}
        </h2>
        <p className="mx-auto mt-4 max-w-2xl text-lg text-slate-300">
          {children}
        </p>
        <Link
          to={to}
          className="mt-8 inline-flex items-center gap-2 rounded-full bg-amber-300 px-7 py-3 text-lg font-semibold text-slate-950 hover:bg-amber-200"
        >
          {linkText}
          <ArrowRight aria-hidden="true" className="h-5 w-5" />
        </Link>
      </div>
    </section>
  );
}
