import { formatEventTime } from "~/config/events";
import type { SiteEvent } from "~/config/events";

import { formatLongDay } from "./dates";
import { Icon } from "~/lib/icons";

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
        <div className="flex items-center gap-2">
          <dt>
            <Icon
              name="CalendarDays"
              aria-hidden="true"
              className="h-4 w-4 text-emerald-300"
            />
            <span className="sr-only">Date</span>
          </dt>
          <dd>
            <time dateTime={event.date}>{formatLongDay(event.date)}</time>
          </dd>
        </div>
      ) : null}
      <div className="flex items-center gap-2">
        <dt>
          <Icon
            name="Clock"
            aria-hidden="true"
            className="h-4 w-4 text-emerald-300"
          />
          <span className="sr-only">Time</span>
        </dt>
        <dd>
          <time dateTime={`${event.date}T${event.start}`}>
            {formatEventTime(event.start)}
          </time>
        </dd>
      </div>
      <div className="flex items-center gap-2">
        <dt>
          <Icon
            name="MapPin"
            aria-hidden="true"
            className="h-4 w-4 text-emerald-300"
          />
          <span className="sr-only">Location</span>
        </dt>
        <dd>{event.location}</dd>
      </div>
    </dl>
  );
}
