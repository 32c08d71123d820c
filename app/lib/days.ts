// Small calendar arithmetic on local Dates, in place of a date library so the
// browser ships none: days, months and years keep the time of day, months
// clamp to their last day (January 31 + 1 month is February 28 or 29), and
// weeks start on Sunday.

export function addDays(date: Date, amount: number): Date {
  const result = new Date(date);
  result.setDate(result.getDate() + amount);
  return result;
}

export function daysInMonth(date: Date): number {
  return new Date(date.getFullYear(), date.getMonth() + 1, 0).getDate();
}

export function addMonths(date: Date, amount: number): Date {
  const result = new Date(date);
  result.setDate(1);
  result.setMonth(result.getMonth() + amount);
  result.setDate(Math.min(date.getDate(), daysInMonth(result)));
  return result;
}

export function addYears(date: Date, amount: number): Date {
  return addMonths(date, amount * 12);
}

export function isSameMonth(left: Date, right: Date): boolean {
  return (
    left.getFullYear() === right.getFullYear() &&
    left.getMonth() === right.getMonth()
  );
}

/** The Sunday of the date's week. */
export function startOfWeek(date: Date): Date {
  return addDays(date, -date.getDay());
}

/** The Saturday of the date's week. */
export function endOfWeek(date: Date): Date {
  return addDays(date, 6 - date.getDay());
}

/** The first `weekday` (0 = Sunday … 6 = Saturday) strictly after the date. */
export function nextWeekday(date: Date, weekday: number): Date {
  const delta = (weekday - date.getDay() + 7) % 7 || 7;
  return addDays(date, delta);
}

function pad(value: number, length = 2): string {
  return String(value).padStart(length, "0");
}

/** The local calendar date, "yyyy-MM-dd". */
export function dayKey(date: Date): string {
  return `${pad(date.getFullYear(), 4)}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/** "9:00 AM" from a local time. */
export function formatClockTime(date: Date): string {
  const hours = date.getHours();
  const twelve = hours % 12 || 12;
  return `${twelve}:${pad(date.getMinutes())} ${hours < 12 ? "AM" : "PM"}`;
}
