import type { ReactNode } from "react";

import { Badge } from "./badge";
import { HeroBand } from "./hero-band";
import { IconTile } from "./icon-tile";
import { Icon } from "~/lib/icons";
import type { IconName } from "~/lib/icons";

/** The top of every themed page: its icon, an optional badge, the page's one h1 and a short welcome. */
export function PageHero({
  icon,
  badge,
  title,
  children,
}: {
  icon: IconName;
  badge?: string;
  title: string;
  /** The welcome sentence(s), shown as one paragraph. */
  children: ReactNode;
}) {
  // Nothing in a hero answers: its server HTML stays as sent (decision 033).
  return (
    <HeroBand>
      <IconTile size="lg">
        <Icon name={icon} aria-hidden="true" />
      </IconTile>
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
    </HeroBand>
  );
}
