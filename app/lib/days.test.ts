import * as dateFns from "date-fns";
import { expect, test } from "vitest";

import {
  addDays,
  addMonths,
  addYears,
  dayKey,
  endOfWeek,
  formatClockTime,
  isSameMonth,
  nextWeekday,
  startOfWeek,
} from "./days";

const noon = (year: number, month: number, day: number) =>
  new Date(year, month - 1, day, 12);

test("months clamp to their last day; years keep February 29 in range", () => {
  expect(dayKey(addMonths(noon(2025, 1, 31), 1))).toBe("2025-02-28");
  expect(dayKey(addMonths(noon(2024, 1, 31), 1))).toBe("2024-02-29");
  expect(dayKey(addMonths(noon(2025, 3, 31), -1))).toBe("2025-02-28");
  expect(dayKey(addMonths(noon(2025, 12, 15), 1))).toBe("2026-01-15");
  expect(dayKey(addYears(noon(2024, 2, 29), 1))).toBe("2025-02-28");
  expect(dayKey(addYears(noon(2025, 7, 25), -1))).toBe("2024-07-25");
});

test("weeks run Sunday to Saturday", () => {
  // 25 July 2025 is a Friday.
  expect(dayKey(startOfWeek(noon(2025, 7, 25)))).toBe("2025-07-20");
  expect(dayKey(endOfWeek(noon(2025, 7, 25)))).toBe("2025-07-26");
  expect(dayKey(startOfWeek(noon(2025, 7, 20)))).toBe("2025-07-20");
  expect(dayKey(endOfWeek(noon(2025, 7, 26)))).toBe("2025-07-26");
});

test("the next weekday is always strictly later", () => {
  // Saturday 26 July 2025: the next Saturday is a week on.
  expect(dayKey(nextWeekday(noon(2025, 7, 26), 6))).toBe("2025-08-02");
  expect(dayKey(nextWeekday(noon(2025, 7, 25), 6))).toBe("2025-07-26");
  expect(dayKey(nextWeekday(noon(2025, 7, 26), 4))).toBe("2025-07-31");
});

test("the helpers agree with date-fns over two years of days, DST included", () => {
  for (let index = 0; index < 730; index += 1) {
    const day = addDays(noon(2024, 1, 1), index);
    expect(dayKey(day)).toBe(dateFns.format(day, "yyyy-MM-dd"));
    expect(dayKey(addDays(day, 9))).toBe(dayKey(dateFns.addDays(day, 9)));
    expect(dayKey(addMonths(day, -1))).toBe(dayKey(dateFns.addMonths(day, -1)));
    expect(dayKey(addYears(day, 1))).toBe(dayKey(dateFns.addYears(day, 1)));
    expect(dayKey(startOfWeek(day))).toBe(dayKey(dateFns.startOfWeek(day)));
    expect(dayKey(endOfWeek(day))).toBe(dayKey(dateFns.endOfWeek(day)));
    expect(dayKey(nextWeekday(day, 6))).toBe(dayKey(dateFns.nextSaturday(day)));
    expect(isSameMonth(day, addDays(day, 1))).toBe(
      dateFns.isSameMonth(day, dateFns.addDays(day, 1)),
    );
  }
});

test("clock times read in 12-hour US style", () => {
  expect(formatClockTime(new Date(2000, 0, 1, 9, 0))).toBe("9:00 AM");
  expect(formatClockTime(new Date(2000, 0, 1, 0, 5))).toBe("12:05 AM");
  expect(formatClockTime(new Date(2000, 0, 1, 12, 0))).toBe("12:00 PM");
  expect(formatClockTime(new Date(2000, 0, 1, 18, 30))).toBe("6:30 PM");
});
