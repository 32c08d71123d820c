import { expect, test } from "vitest";

import { keyTarget } from "./calendar";

test("the arrows move by day and week, across a month's end", () => {
  expect(keyTarget("2025-07-26", "ArrowRight", false)).toBe("2025-07-27");
  expect(keyTarget("2025-07-26", "ArrowDown", false)).toBe("2025-08-02");
  expect(keyTarget("2025-08-01", "ArrowLeft", false)).toBe("2025-07-31");
  expect(keyTarget("2025-08-27", "ArrowUp", false)).toBe("2025-08-20");
});

test("Home and End go to the week's Sunday and Saturday", () => {
  expect(keyTarget("2025-08-02", "Home", false)).toBe("2025-07-27");
  expect(keyTarget("2025-07-27", "End", false)).toBe("2025-08-02");
});

test("Page Up and Down move by month, with Shift by year, clamped to the month's end", () => {
  expect(keyTarget("2025-01-31", "PageDown", false)).toBe("2025-02-28");
  expect(keyTarget("2024-01-31", "PageDown", false)).toBe("2024-02-29");
  expect(keyTarget("2025-08-20", "PageUp", false)).toBe("2025-07-20");
  expect(keyTarget("2024-02-29", "PageDown", true)).toBe("2025-02-28");
});

test("other keys are not the calendar's", () => {
  expect(keyTarget("2025-08-20", "Enter", false)).toBeUndefined();
  expect(keyTarget("2025-08-20", "Tab", false)).toBeUndefined();
});
