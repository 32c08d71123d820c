// The site's events as pages show them: the sample events dated relative to
// today, and event times in the site's clock format. The events themselves
// are constants in app/config/events.ts.
import { communityHike, leadershipTalk } from "~/config/events";
import type { SiteEvent, UndatedEvent } from "~/config/events";

import { addDays, dayKey, formatClockTime, nextWeekday } from "./days";

function dated({ idPrefix, ...event }: UndatedEvent, day: Date): SiteEvent {
  return { id: `${idPrefix}-${dayKey(day)}`, ...event, date: dayKey(day) };
}

/**
 * The Events Calendar's two sample events, dated relative to `today` (where
 * the events happen: siteToday in the saved time zone) so a
 * visitor always sees them as upcoming: the next Saturday at least three
 * days away for the hike, the Thursday after it for the talk.
 */
export function sampleEvents(today: Date): [SiteEvent, SiteEvent] {
  const hikeDay = nextWeekday(addDays(today, 2), 6);
  const talkDay = nextWeekday(hikeDay, 4);
  return [dated(communityHike, hikeDay), dated(leadershipTalk, talkDay)];
}

/** The Community page's featured banner: the next Leadership Talk. */
export function featuredEvent(today: Date): SiteEvent {
  return sampleEvents(today)[1];
}

/** "9:00 AM" from "09:00". */
export function formatEventTime(start: string): string {
  const [hours = 0, minutes = 0] = start.split(":").map(Number);
  return formatClockTime(new Date(2000, 0, 1, hours, minutes));
}
