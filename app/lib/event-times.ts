// The site's events are written in the owner's local time (the time zone of the site settings);
// feeds and structured data need them as instants. Intl knows the zone's
// rules, so no time-zone library is needed.
import type { SiteEvent } from "~/config/events";

function parts(instant: number, timeZone: string) {
  const values: Record<string, number> = {};
  const format = new Intl.DateTimeFormat("en-US", {
    timeZone,
    hourCycle: "h23",
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
    hour: "2-digit",
    minute: "2-digit",
    second: "2-digit",
  });
  for (const part of format.formatToParts(new Date(instant))) {
    if (part.type !== "literal") values[part.type] = Number(part.value);
  }
  return values;
}

/** Minutes the zone is ahead of UTC at `instant` (negative west of Greenwich). */
export function zoneOffsetMinutes(instant: number, timeZone: string): number {
  const p = parts(instant, timeZone);
  const asUtc = Date.UTC(
    p.year ?? 1970,
    (p.month ?? 1) - 1,
    p.day ?? 1,
    p.hour ?? 0,
    p.minute ?? 0,
    p.second ?? 0,
  );
  return Math.round((asUtc - Math.floor(instant / 1000) * 1000) / 60_000);
}

/** The instant of a local wall-clock time ("2025-07-25", "07:30") in `timeZone`. */
export function zonedInstant(
  date: string,
  time: string,
  timeZone: string,
): Date {
  const [year = 1970, month = 1, day = 1] = date.split("-").map(Number);
  const [hour = 0, minute = 0] = time.split(":").map(Number);
  const wall = Date.UTC(year, month - 1, day, hour, minute);
  // Two passes settle the offset on the right side of a DST change.
  let instant = wall - zoneOffsetMinutes(wall, timeZone) * 60_000;
  instant = wall - zoneOffsetMinutes(instant, timeZone) * 60_000;
  return new Date(instant);
}

export interface EventTimes {
  start: Date;
  end: Date;
  /** ISO 8601 local time with offset, e.g. 2025-07-25T07:30:00-06:00 (schema.org). */
  startLocal: string;
  endLocal: string;
}

function localIso(instant: Date, timeZone: string): string {
  const offset = zoneOffsetMinutes(instant.getTime(), timeZone);
  const shifted = new Date(instant.getTime() + offset * 60_000);
  const sign = offset < 0 ? "-" : "+";
  const hours = String(Math.floor(Math.abs(offset) / 60)).padStart(2, "0");
  const minutes = String(Math.abs(offset) % 60).padStart(2, "0");
  return `${shifted.toISOString().slice(0, 19)}${sign}${hours}:${minutes}`;
}

/** An event's instants, its wall-clock times read in `timeZone` (the saved one). */
export function eventTimes(event: SiteEvent, timeZone: string): EventTimes {
  const start = zonedInstant(event.date, event.start, timeZone);
  const end = new Date(start.getTime() + event.durationMinutes * 60_000);
  return {
    start,
    end,
    startLocal: localIso(start, timeZone),
    endLocal: localIso(end, timeZone),
  };
}
