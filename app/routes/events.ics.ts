import { parseDay, siteToday } from "~/components/calendar/dates";
import { leadershipBreakfast } from "~/config/events";
import { servicesContext } from "~/context";
import { sampleEvents } from "~/lib/events";
import { buildCalendar } from "~/lib/feeds/ical";
import { publicResource } from "~/lib/feeds/response";

import type { Route } from "./+types/events.ics";

export function loader({ context }: Route.LoaderArgs) {
  const { env, settings } = context.get(servicesContext);
  const events = [
    { ...leadershipBreakfast, page: "/community" },
    // Dated from today where the events happen, as the Events Calendar is.
    ...sampleEvents(parseDay(siteToday(new Date(), settings.timeZone))).map(
      (event) => ({ ...event, page: "/events-calendar" }),
    ),
  ];
  return publicResource(
    buildCalendar(env.SITE_URL, settings, events),
    "text/calendar; charset=utf-8",
    { maxAgeSeconds: 3600 },
  );
}
