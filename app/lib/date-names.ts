// Dates in US English, by Intl. They were written by hand while the public
// pages started in the browser (a phone's first Intl.DateTimeFormat is a
// long task); the public pages are documents now (docs/decisions/058), so
// the browser never draws these on them, and the studio's rare first one
// costs a desktop nothing noticeable. Each formatter is made once, when first used.

let months: Intl.DateTimeFormat | undefined;
let weekdays: Intl.DateTimeFormat | undefined;
let usDates: Intl.DateTimeFormat | undefined;

/** "July", of a month counted from 0 (January). */
export function monthName(month: number): string {
  months ??= new Intl.DateTimeFormat("en-US", {
    month: "long",
    timeZone: "UTC",
  });
  return months.format(Date.UTC(2000, month, 1));
}

/** "Friday", of a local date. */
export function formatWeekday(date: Date): string {
  weekdays ??= new Intl.DateTimeFormat("en-US", { weekday: "long" });
  return weekdays.format(date);
}

/** "July 25, 2025", of a year, a month counted from 0, and a day. */
export function formatUsDate(year: number, month: number, day: number): string {
  usDates ??= new Intl.DateTimeFormat("en-US", {
    month: "long",
    day: "numeric",
    year: "numeric",
    timeZone: "UTC",
  });
  return usDates.format(Date.UTC(year, month, day));
}
