import type { LucideIcon } from "lucide-react";
import type { ReactNode } from "react";

import { Badge } from "./badge";

/** The top of every themed page: its icon, an optional badge, the page's one h1 and a short welcome. */
export function PageHero({
  icon: Icon,
  badge,
  title,
  children,
}: {
  icon: LucideIcon;
  badge?: string;
  title: string;
  /** The welcome sentence(s), shown as one paragraph. */
  children: ReactNode;
}) {
  return (
    <header className="relative isolate overflow-hidden border-b border-white/10">
      <div
        aria-hidden="true"
        className="absolute inset-0 -z-10 bg-[radial-gradient(ellipse_at_top,rgba(16,185,129,0.16),transparent_65%)]"
      />
      <div className="mx-auto flex max-w-3xl flex-col items-center px-4 pt-14 pb-12 text-center sm:px-6 sm:pt-20 sm:pb-16">
        <span className="grid h-14 w-14 place-items-center rounded-2xl bg-emerald-400/10 ring-1 ring-emerald-400/25">
          <Icon aria-hidden="true" className="h-7 w-7 text-emerald-300" />
        </span>
        {badge ? (
          <div className="mt-6">
            <Badge tone="amber" size="md">
              {badge}
            </Badge>
          </div>
        ) : null}
        <h1 className="mt-5 font-serif text-4xl font-bold tracking-tight text-balance text-white sm:text-5xl lg:text-6xl">
          {title}
        </h1>
        <p className="mt-5 max-w-2xl text-lg leading-relaxed text-pretty text-slate-300 sm:text-xl">
          {children}
        </p>
      </div>
    </header>
  );
}
