import { expect, test } from "vitest";

import { leadershipBreakfast } from "~/config/events";
import { defaultSettings } from "~/config/default-settings";

import { buildCalendar, escapeParam, escapeText, foldLine } from "./ical";

const now = new Date("2026-01-02T03:04:05Z");

test("events are written in UTC with stable UIDs and a DTSTAMP", () => {
  const ics = buildCalendar(
    "https://example.org",
    defaultSettings,
    [leadershipBreakfast],
    now,
  );
  const lines = ics.split("\r\n");
  expect(lines[0]).toBe("BEGIN:VCALENDAR");
  expect(lines).toContain("UID:leadership-breakfast-2025-07-25@example.org");
  expect(lines).toContain("DTSTAMP:20260102T030405Z");
  // 07:30 in Boise in July is MDT, six hours behind UTC.
  expect(lines).toContain("DTSTART:20250725T133000Z");
  expect(lines).toContain("DTEND:20250725T150000Z");
  expect(ics.endsWith("END:VCALENDAR\r\n")).toBe(true);
  // Every line break is CRLF.
  expect(ics.replace(/\r\n/g, "")).not.toMatch(/[\r\n]/);
});

test("text values escape backslashes, separators and newlines", () => {
  expect(escapeText("a\\b; c, d\ne")).toBe("a\\\\b\\; c\\, d\\ne");
});

test("long lines fold at 75 octets without splitting a character", () => {
  const line = `DESCRIPTION:${"é".repeat(80)}`;
  const folded = foldLine(line);
  const encoder = new TextEncoder();
  for (const piece of folded.split("\r\n")) {
    expect(encoder.encode(piece).length).toBeLessThanOrEqual(75);
  }
  expect(
    folded
      .split("\r\n")
      .slice(1)
      .every((p) => p.startsWith(" ")),
  ).toBe(true);
  expect(folded.replace(/\r\n /g, "")).toBe(line);
});

test("no setting can add a line to the feed: every value is escaped, whatever it holds", () => {
  const hostile = "Eve\r\nBEGIN:VEVENT\r\nSUMMARY:Free money\r\nEND:VEVENT";
  const ics = buildCalendar(
    "https://example.org",
    {
      ...defaultSettings,
      ownerName: hostile,
      productName: `Seasoned\n${hostile}`,
      email: "owner@example.org\r\nATTENDEE:mailto:x@evil.example",
    },
    [leadershipBreakfast],
    now,
  );
  // Unfolded, each line is one property this writer wrote.
  const lines = ics.replace(/\r\n /g, "").split("\r\n").slice(0, -1);
  expect(lines.filter((line) => line === "BEGIN:VEVENT")).toHaveLength(1);
  expect(lines.filter((line) => line.startsWith("SUMMARY:"))).toEqual([
    `SUMMARY:${escapeText(leadershipBreakfast.title)}`,
  ]);
  expect(lines.some((line) => line.startsWith("ATTENDEE"))).toBe(false);
  // eslint-disable-next-line no-control-regex -- control characters are what must not appear
  expect(ics.replace(/\r\n/g, "")).not.toMatch(/[\u0000-\u001f]/);
  expect(escapeText("a\u0000b\u0007c")).toBe("abc");
  expect(escapeParam('Eve "the owner"\r\nX:y')).toBe(`"Eve 'the owner' X:y"`);
});
