import { ArrowRight } from "lucide-react";
import { Link } from "react-router";

/** A page's closing invitation: a heading, a sentence and one link styled as a button. */
export function CallToAction({
  id,
  title,
  text,
  to,
  label,
}: {
  id: string;
  title: string;
  text: string;
  to: string;
  label: string;
}) {
  const headingId = `${id}-heading`;
  return (
    <section
      aria-labelledby={headingId}
      className="mx-auto max-w-4xl px-4 py-16 sm:px-6"
    >
      <div className="rounded-2xl border border-emerald-400/20 bg-emerald-500/10 px-6 py-12 text-center">
        <h2 id={headingId} className="font-serif text-3xl font-bold text-white">
          {title}
        </h2>
        <p className="mx-auto mt-3 max-w-xl text-slate-300">{text}</p>
        <Link
          to={to}
          className="mt-8 inline-flex items-center gap-2 rounded-full bg-emerald-500 px-6 py-3 font-semibold text-slate-950 hover:bg-emerald-400"
        >
          {label}
          <ArrowRight aria-hidden="true" className="h-4 w-4" />
        </Link>
      </div>
    </section>
  );
}
