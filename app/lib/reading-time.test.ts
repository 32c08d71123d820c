import { describe, expect, it } from "vitest";

import {
  readingMinutes,
  readingTimeLabel,
  WORDS_PER_MINUTE,
} from "./reading-time";

describe("reading time", () => {
  it("rounds up to whole minutes at the stated rate", () => {
    expect(WORDS_PER_MINUTE).toBe(200);
    expect(readingMinutes(200)).toBe(1);
    expect(readingMinutes(201)).toBe(2);
    expect(readingMinutes(1_100)).toBe(6);
  });

  it("says one minute for a short or empty body", () => {
    expect(readingMinutes(0)).toBe(1);
    expect(readingMinutes(12)).toBe(1);
    expect(readingMinutes(Number.NaN)).toBe(1);
  });

  it("reads as the cards and the page show it", () => {
    expect(readingTimeLabel(readingMinutes(1_100))).toBe("6 min read");
  });
});
