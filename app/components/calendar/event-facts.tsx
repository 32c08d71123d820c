import type { ReactNode } from "react";

import type { SiteEvent } from "~/config/events";
import { formatEventTime } from "~/lib/events";
import { Icon } from "~/lib/icons";
import type { IconName } from "~/lib/icons";

import { formatLongDay } from "./dates";

/** An event's date, time and location, one per line with its icon. */
export function EventFacts({
  event,
  showDate = true,
  className,
}: {
  event: SiteEvent;
  showDate?: boolean;
  className?: string;
}) {
  return (
    <dl className={className ?? "mt-3 space-y-1.5 text-sm text-slate-300"}>
      {showDate ? (
        <Fact icon="CalendarDays" term="Date">
          <time dateTime={event.date}>{formatLongDay(event.date)}</time>
        </Fact>
      ) : null}
      <Fact icon="Clock" term="Time">
        <time dateTime={`${event.date}T${event.start}`}>
          {formatEventTime(event.start)}
        </time>
      </Fact>
      <Fact icon="MapPin" term="Location">
        {event.location}
      </Fact>
    </dl>
  );
}

/** One line: the icon stands for the term, which screen readers hear. */
function Fact({
  icon,
  term,
  children,
}: {
  icon: IconName;
  term: string;
  children: ReactNode;
}) {
  return (
    <div className="flex items-center gap-2">
      <dt>
        <Icon
          name={icon}
          aria-hidden="true"
          className="h-4 w-4 text-emerald-300"
        />
        <span className="sr-only">{term}</span>
      </dt>
      <dd>{children}</dd>
    </div>
  );
}
