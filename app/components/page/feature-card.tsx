import type { ReactNode } from "react";

import { IconTile } from "./icon-tile";
import { cardClass, cardTitleClass } from "./styles";

/**
 * The card section lists are made of: an optional icon or badge, the title
 * (h3), a subtitle, the description, then whatever the row adds (a quote, a
 * checklist, a button), spaced evenly and filling the card's height.
 */
export function FeatureCard({
  icon,
  badge,
  title,
  titleId,
  subtitle,
  description,
  children,
}: {
  /** The card's icon element, e.g. <ContentIcon name=… set=… />. */
  icon?: ReactNode;
  /** Shown above the title, e.g. an event's type. */
  badge?: ReactNode;
  title: string;
  /** For controls in the card that the title describes. */
  titleId?: string;
  subtitle?: string;
  description?: string;
  children?: ReactNode;
}) {
  return (
    <article className={`flex w-full flex-col p-6 sm:p-7 ${cardClass}`}>
      {icon ? (
        <div className="mb-5">
          <IconTile>{icon}</IconTile>
        </div>
      ) : null}
      {badge ? <div className="mb-3">{badge}</div> : null}
      <h3 id={titleId} className={cardTitleClass}>
        {title}
      </h3>
      {subtitle ? (
        <p className="mt-1 text-sm font-medium text-emerald-200">{subtitle}</p>
      ) : null}
      {description ? (
        <p className="mt-2 leading-relaxed text-slate-300">{description}</p>
      ) : null}
      {children ? (
        <div className="mt-5 flex flex-1 flex-col gap-5">{children}</div>
      ) : null}
    </article>
  );
}
