import { expect, test } from "vitest";

import { zonedInstant } from "./event-times";

test("wall-clock times convert across daylight saving time", () => {
  expect(
    zonedInstant("2025-07-25", "07:30", "America/Boise").toISOString(),
  ).toBe("2025-07-25T13:30:00.000Z");
  expect(
    zonedInstant("2025-12-05", "18:00", "America/Boise").toISOString(),
  ).toBe("2025-12-06T01:00:00.000Z");
  expect(
    zonedInstant("2025-03-09", "09:00", "America/Boise").toISOString(),
  ).toBe("2025-03-09T15:00:00.000Z");
});
