import { expect, test } from "vitest";

import {
  dayKey,
  formatLongDay,
  formatMonthTitle,
  formatWeekday,
  monthWeeks,
  parseDay,
  siteToday,
} from "./dates";

test("weeks start on Sunday and other months' days are blank", () => {
  // July 2025 starts on a Tuesday and ends on a Thursday.
  const weeks = monthWeeks(parseDay("2025-07-25"));
  expect(weeks).toHaveLength(5);
  expect(weeks.every((week) => week.length === 7)).toBe(true);
  const firstWeek = weeks[0]?.map((day) => (day ? dayKey(day) : null));
  expect(firstWeek).toEqual([
    null,
    null,
    "2025-07-01",
    "2025-07-02",
    "2025-07-03",
    "2025-07-04",
    "2025-07-05",
  ]);
  const lastWeek = weeks[4]?.map((day) => (day ? dayKey(day) : null));
  expect(lastWeek).toEqual([
    "2025-07-27",
    "2025-07-28",
    "2025-07-29",
    "2025-07-30",
    "2025-07-31",
    null,
    null,
  ]);
  for (const week of weeks) {
    const sunday = week[0];
    if (sunday) expect(sunday.getDay()).toBe(0);
  }
});

test("a month starting on Sunday has no leading blanks; February 2026 fills exactly four weeks", () => {
  const weeks = monthWeeks(parseDay("2026-02-10"));
  expect(weeks).toHaveLength(4);
  expect(weeks[0]?.[0] && dayKey(weeks[0][0])).toBe("2026-02-01");
  expect(weeks[3]?.[6] && dayKey(weeks[3][6])).toBe("2026-02-28");
});

test("days round-trip through their keys, across DST changes", () => {
  for (const key of ["2025-03-09", "2025-11-02", "2024-02-29", "2025-12-31"]) {
    expect(dayKey(parseDay(key))).toBe(key);
  }
});

test("today is the date where the site's events happen (the saved time zone), not the server's", () => {
  // 03:00 UTC on 26 July is still the evening of 25 July in Boise (UTC-6).
  const evening = new Date("2025-07-26T03:00:00Z");
  expect(siteToday(evening, "America/Boise")).toBe("2025-07-25");
  expect(siteToday(new Date("2025-07-26T07:00:00Z"), "America/Boise")).toBe(
    "2025-07-26",
  );
  // An owner who saved Tokyo is already on the 26th.
  expect(siteToday(evening, "Asia/Tokyo")).toBe("2025-07-26");
});

test("calendar texts read in US English", () => {
  expect(formatLongDay("2025-07-25")).toBe("Friday, July 25, 2025");
  expect(formatMonthTitle(parseDay("2025-07-25"))).toBe("July 2025");
  expect(formatWeekday(parseDay("2023-01-01"))).toBe("Sunday");
});

test("dates read exactly as the browser's US English would write them, every day of three years", () => {
  const full = new Intl.DateTimeFormat("en-US", { dateStyle: "full" });
  const month = new Intl.DateTimeFormat("en-US", {
    month: "long",
    year: "numeric",
  });
  const weekday = new Intl.DateTimeFormat("en-US", { weekday: "long" });
  for (let day = parseDay("2024-01-01"); day.getFullYear() < 2027;) {
    const key = dayKey(day);
    expect(formatLongDay(key)).toBe(full.format(day));
    expect(formatMonthTitle(day)).toBe(month.format(day));
    expect(formatWeekday(day)).toBe(weekday.format(day));
    day = parseDay(key);
    day.setDate(day.getDate() + 1);
  }
});
