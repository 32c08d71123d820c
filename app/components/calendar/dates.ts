// Calendar days as "yyyy-MM-dd" strings: the same on the server and in the
// browser whatever their time zones, so a calendar hydrates without mismatch.
import { formatUsDate, formatWeekday, monthName } from "~/lib/date-names";
import { addDays, dayKey, daysInMonth } from "~/lib/days";

export { dayKey, formatWeekday };

/** A local date at noon: far from midnight, so no DST shift moves it to another day. */
export function parseDay(day: string): Date {
  const [year = 1970, month = 1, date = 1] = day.split("-").map(Number);
  return new Date(year, month - 1, date, 12);
}

/** The first of the date's month, at noon. */
export function monthOf(date: Date): Date {
  return new Date(date.getFullYear(), date.getMonth(), 1, 12);
}

/** The month's weeks, Sunday first; days of other months are null. */
export function monthWeeks(month: Date): Array<Array<Date | null>> {
  const first = monthOf(month);
  const cells: Array<Date | null> = Array.from(
    { length: first.getDay() },
    () => null,
  );
  for (let index = 0; index < daysInMonth(first); index += 1) {
    cells.push(addDays(first, index));
  }
  while (cells.length % 7 !== 0) cells.push(null);
  const weeks: Array<Array<Date | null>> = [];
  for (let start = 0; start < cells.length; start += 7) {
    weeks.push(cells.slice(start, start + 7));
  }
  return weeks;
}

/** Today's date where the site's events happen (the saved time zone), as "yyyy-MM-dd". */
export function siteToday(now: Date, timeZone: string): string {
  const parts = new Intl.DateTimeFormat("en-US", {
    timeZone,
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
  }).formatToParts(now);
  const part = (type: Intl.DateTimeFormatPartTypes) =>
    parts.find((candidate) => candidate.type === type)?.value ?? "";
  return `${part("year")}-${part("month")}-${part("day")}`;
}

/** "Friday, July 25, 2025", of a local date. */
export function formatFullDate(date: Date): string {
  return `${formatWeekday(date)}, ${formatUsDate(date.getFullYear(), date.getMonth(), date.getDate())}`;
}

/** "Friday, July 25, 2025". */
export function formatLongDay(day: string): string {
  return formatFullDate(parseDay(day));
}

/** "July 2025", of a local date. */
export function formatMonthTitle(date: Date): string {
  return `${monthName(date.getMonth())} ${date.getFullYear()}`;
}
