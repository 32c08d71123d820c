// Dates in US English, written by hand rather than by Intl: the browser's
// first Intl.DateTimeFormat costs a phone a long task at its start
// (ICU and time-zone data), for names that never change. Pages with posts and
// pages with events both use these, so they travel with the page kit.

const MONTHS = [
  "January",
  "February",
  "March",
  "April",
  "May",
  "June",
  "July",
  "August",
  "September",
  "October",
  "November",
  "December",
] as const;
const WEEKDAYS = [
  "Sunday",
  "Monday",
  "Tuesday",
  "Wednesday",
  "Thursday",
  "Friday",
  "Saturday",
] as const;

/** "July", of a month counted from 0 (January). */
export function monthName(month: number): string {
  return MONTHS[month] ?? "";
}

/** "Friday", of a local date. */
export function formatWeekday(date: Date): string {
  return WEEKDAYS[date.getDay()] ?? "";
}

/** "July 25, 2025", of a year, a month counted from 0, and a day. */
export function formatUsDate(year: number, month: number, day: number): string {
  return `${monthName(month)} ${day}, ${year}`;
}
