// The site's fixed events (spec §2 Community and Events Calendar). They are
// constants of the product, not content rows; the community banner, both
// calendars and the iCalendar feed all read them from here.
import { addDays, dayKey, formatClockTime, nextWeekday } from "~/lib/days";

export interface SiteEvent {
  id: string;
  title: string;
  description: string;
  /** Local calendar date, yyyy-MM-dd. */
  date: string;
  /** Local start time, 24-hour HH:mm. */
  start: string;
  durationMinutes: number;
  location: string;
}

/** The one fixed event of the Community calendar. */
export const leadershipBreakfast: SiteEvent = {
  id: "leadership-breakfast-2025-07-25",
  title: "Leadership Breakfast",
  description:
    "An early conversation over coffee about leading across generations, open to emerging and seasoned leaders alike.",
  date: "2025-07-25",
  start: "07:30",
  durationMinutes: 90,
  location: "Riverside Commons, Boise, Idaho",
};

/**
 * The Events Calendar's two sample events, dated relative to `today` so a
 * visitor always sees them as upcoming: the next Saturday at least three
 * days away for the hike, the Thursday after it for the talk.
 */
export function sampleEvents(today: Date = new Date()): [SiteEvent, SiteEvent] {
  const hikeDay = nextWeekday(addDays(today, 2), 6);
  const talkDay = nextWeekday(hikeDay, 4);
  return [
    {
      id: `community-hike-${dayKey(hikeDay)}`,
      title: "Community Hike",
      description:
        "A moderate morning hike with time to talk about goals, setbacks and what keeps us climbing. All paces welcome.",
      date: dayKey(hikeDay),
      start: "09:00",
      durationMinutes: 180,
      location: "Camel's Back Park Trailhead, Boise, Idaho",
    },
    {
      id: `leadership-talk-${dayKey(talkDay)}`,
      title: "Leadership Talk",
      description:
        "Generational Leadership: how wisdom and innovation can flow in both directions on every team.",
      date: dayKey(talkDay),
      start: "18:00",
      durationMinutes: 90,
      location: "Boise Centre, Boise, Idaho",
    },
  ];
}

/** The Community page's featured banner: the next Leadership Talk. */
export function featuredEvent(today: Date = new Date()): SiteEvent {
  return sampleEvents(today)[1];
}

/** "9:00 AM" from "09:00". */
export function formatEventTime(start: string): string {
  const [hours = 0, minutes = 0] = start.split(":").map(Number);
  return formatClockTime(new Date(2000, 0, 1, hours, minutes));
}
