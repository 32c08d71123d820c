import type { ReactNode } from "react";
import { Link } from "react-router";

import { buttonClass } from "./styles";
import { Icon } from "~/lib/icons";

/**
 * A page's closing invitation: a heading, a sentence and one link drawn as
 * the main button. It only shows and links, so the first load keeps its
 * server HTML (ServerHtml).
 */
export function CallToAction({
  id,
  title,
  to,
  label,
  children,
}: {
  /** Prefix of the heading's id, unique on the page. */
  id: string;
  title: string;
  to: string;
  label: string;
  /** The invitation, one or two sentences. */
  children: ReactNode;
}) {
  const headingId = `${id}-heading`;
  return (
    <section
      aria-labelledby={headingId}
      className="mx-auto max-w-5xl px-4 py-12 sm:px-6 sm:py-16"
    >
      <div className="relative isolate overflow-hidden rounded-3xl border border-emerald-400/20 bg-gradient-to-br from-emerald-900/50 via-slate-900 to-slate-900 px-6 py-12 text-center sm:px-12 sm:py-16">
        <div
          aria-hidden="true"
          className="absolute inset-0 -z-10 bg-[radial-gradient(circle_at_top_right,rgba(252,211,77,0.12),transparent_55%)]"
        />
        <h2
          id={headingId}
          className="font-serif text-3xl font-bold tracking-tight text-balance text-white sm:text-4xl"
        >
          {title}
        </h2>
        <p className="mx-auto mt-4 max-w-xl text-lg text-pretty text-slate-300">
          {children}
        </p>
        <Link to={to} className={`mt-8 ${buttonClass("primary", "lg")}`}>
          {label}
          <Icon name="ArrowRight" aria-hidden="true" className="h-5 w-5" />
        </Link>
      </div>
    </section>
  );
}
