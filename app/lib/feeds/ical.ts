// /events.ics: the site's events as an iCalendar feed (RFC 5545). Times are
// written in UTC, so no VTIMEZONE block is needed and every client agrees.
import type { SiteEvent } from "~/config/events";
import type { SiteSettings } from "~/config/site";
import { eventTimes } from "~/lib/event-times";

export const ICS_PATH = "/events.ics";

/** TEXT values (RFC 5545 §3.3.11): backslash, semicolon, comma and newlines are escaped. */
export function escapeText(value: string): string {
  return value
    .replace(/\\/g, "\\\\")
    .replace(/;/g, "\\;")
    .replace(/,/g, "\\,")
    .replace(/\r\n|\r|\n/g, "\\n");
}

/**
 * Folds a content line at 75 octets (§3.1): CRLF plus one space, never inside
 * a UTF-8 sequence.
 */
export function foldLine(line: string): string {
  const encoder = new TextEncoder();
  const pieces: string[] = [];
  let current = "";
  let octets = 0;
  // Continuation lines start with a space, which counts toward their 75.
  let limit = 75;
  for (const char of line) {
    const size = encoder.encode(char).length;
    if (octets + size > limit) {
      pieces.push(current);
      current = "";
      octets = 0;
      limit = 74;
    }
    current += char;
    octets += size;
  }
  pieces.push(current);
  return pieces.join("\r\n ");
}

/** yyyyMMddTHHmmssZ */
function utcStamp(date: Date): string {
  return date
    .toISOString()
    .replace(/[-:]/g, "")
    .replace(/\.\d{3}/, "");
}

export function buildCalendar(
  siteUrl: string,
  settings: SiteSettings,
  events: ReadonlyArray<SiteEvent & { page?: string }>,
  now: Date = new Date(),
): string {
  const host = new URL(siteUrl || "http://localhost").hostname;
  const lines = [
    "BEGIN:VCALENDAR",
    "VERSION:2.0",
    `PRODID:-//Live ${settings.productName}//Events//EN`,
    "CALSCALE:GREGORIAN",
    "METHOD:PUBLISH",
    `X-WR-CALNAME:${escapeText(`Live ${settings.productName} events`)}`,
    `X-WR-CALDESC:${escapeText(`Events with ${settings.ownerName}`)}`,
    "REFRESH-INTERVAL;VALUE=DURATION:PT12H",
    "X-PUBLISHED-TTL:PT12H",
  ];
  for (const event of events) {
    const times = eventTimes(event, settings.timeZone);
    lines.push(
      "BEGIN:VEVENT",
      // The id already carries the date, so a feed refresh keeps each event's identity.
      `UID:${event.id}@${host}`,
      `DTSTAMP:${utcStamp(now)}`,
      `DTSTART:${utcStamp(times.start)}`,
      `DTEND:${utcStamp(times.end)}`,
      `SUMMARY:${escapeText(event.title)}`,
      `DESCRIPTION:${escapeText(event.description)}`,
      `LOCATION:${escapeText(event.location)}`,
      `URL:${siteUrl}${event.page ?? "/events-calendar"}`,
      `ORGANIZER;CN=${escapeParam(settings.ownerName)}:mailto:${settings.email}`,
      "STATUS:CONFIRMED",
      "TRANSP:OPAQUE",
      "END:VEVENT",
    );
  }
  lines.push("END:VCALENDAR");
  return lines.map(foldLine).join("\r\n") + "\r\n";
}

/** A parameter value is quoted when it holds a separator; quotes themselves cannot appear. */
function escapeParam(value: string): string {
  const clean = value.replace(/"/g, "'");
  return /[;:,]/.test(clean) ? `"${clean}"` : clean;
}
