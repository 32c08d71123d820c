// The site's fixed events (the Community page and the Events Calendar; docs/decisions/005). They are
// constants of the product, not content rows; the community banner, both
// calendars and the iCalendar feed all read them from here.
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

/** An event without its date: the sample events are dated when shown (app/lib/events.ts). */
export type UndatedEvent = Omit<SiteEvent, "id" | "date"> & {
  /** The id is this prefix and the date. */
  idPrefix: string;
};

/** The Events Calendar's sample hike: the next Saturday at least three days away. */
export const communityHike: UndatedEvent = {
  idPrefix: "community-hike",
  title: "Community Hike",
  description:
    "A moderate morning hike with time to talk about goals, setbacks and what keeps us climbing. All paces welcome.",
  start: "09:00",
  durationMinutes: 180,
  location: "Camel's Back Park Trailhead, Boise, Idaho",
};

/** The Events Calendar's sample talk: the Thursday after the hike. */
export const leadershipTalk: UndatedEvent = {
  idPrefix: "leadership-talk",
  title: "Leadership Talk",
  description:
    "Generational Leadership: how wisdom and innovation can flow in both directions on every team.",
  start: "18:00",
  durationMinutes: 90,
  location: "Boise Centre, Boise, Idaho",
};
