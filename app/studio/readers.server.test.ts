import { expect, test } from "vitest";

import { periodOf } from "./readers.server";

const now = new Date("2026-03-15T12:00:00Z");
const custom = (from: string, to: string) =>
  periodOf({ range: "custom", from, to }, now);

test("a custom period of days that do not exist is refused with a clear message", () => {
  for (const [from, to] of [
    ["2026-02-30", "2026-03-01"],
    ["2026-02-01", "2026-02-29"],
    ["2026-13-01", "2026-03-01"],
    ["2026-00-10", "2026-03-01"],
    ["2026-03-01", "2026-03-32"],
  ] as const)
    expect(custom(from, to), `${from}..${to}`).toEqual({
      error: "Those are not dates on the calendar.",
    });
  expect(custom("2024-02-29", "2024-03-01")).toEqual({
    range: { from: "2024-02-29", to: "2024-03-01" },
  });
  expect(custom("2026-03-02", "2026-03-01")).toEqual({
    error: "The start is after the end.",
  });
});
