import type { ReactNode } from "react";

import { ContentIcon } from "~/lib/icons";
import type { IconSet } from "~/lib/icons";

/** The card most section lists use: the row's icon, its title (h3), its description, then whatever the row adds. */
export function IconCard({
  icon,
  set,
  title,
  description,
  children,
}: {
  icon: string | null;
  set: IconSet;
  title: string;
  description?: string;
  children?: ReactNode;
}) {
  return (
    <article className="flex w-full flex-col rounded-2xl border border-white/10 bg-white/5 p-6">
      <span className="inline-flex h-12 w-12 items-center justify-center rounded-xl bg-emerald-500/15">
        <ContentIcon
          name={icon}
          set={set}
          className="h-6 w-6 text-emerald-300"
        />
      </span>
      <h3 className="mt-4 text-xl font-semibold text-white">{title}</h3>
      {description ? (
        <p className="mt-2 text-slate-300">{description}</p>
      ) : null}
      {children}
    </article>
  );
}
