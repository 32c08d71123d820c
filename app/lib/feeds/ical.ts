// /events.ics: the site's events as an iCalendar feed (RFC 5545). Times are
// written in UTC, so no VTIMEZONE block is needed and every client agrees.
import type { SiteEvent } from "~/config/events";
import type { SiteSettings } from "~/config/site";
import { eventTimes } from "~/lib/event-times";

export const ICS_PATH = "/events.ics";

// eslint-disable-next-line no-control-regex -- control characters are what is removed
const CONTROL = /[\u0000-\u001f\u007f]/g;

/**
 * TEXT values (RFC 5545 §3.3.11): backslash, semicolon, comma and newlines
 * are escaped; any other control character (which TEXT may not hold) is
 * dropped, so no value can end its line and start a property of its own.
 */
export function escapeText(value: string): string {
  return value
    .replace(/\\/g, "\\\\")
    .replace(/;/g, "\\;")
    .replace(/,/g, "\\,")
    .replace(/\r\n|\r|\n/g, "\\n")
    .replace(CONTROL, "");
}

/**
 * A parameter value (§3.2): no control character and no double quote can
 * appear (a line break becomes a space); quoted when it holds a separator.
 */
export function escapeParam(value: string): string {
  const clean = value
    .replace(/\r\n|\r|\n/g, " ")
    .replace(CONTROL, "")
    .replace(/"/g, "'");
  return /[;:,]/.test(clean) ? `"${clean}"` : clean;
}

/** A URI value (§3.3.13): nothing that could end the line or the address. */
export function uriValue(value: string): string {
  return value.replace(CONTROL, "").replace(/\s/g, "%20");
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
    `PRODID:${escapeText(`-//Live ${settings.productName}//Events//EN`)}`,
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
      `UID:${escapeText(`${event.id}@${host}`)}`,
      `DTSTAMP:${utcStamp(now)}`,
      `DTSTART:${utcStamp(times.start)}`,
      `DTEND:${utcStamp(times.end)}`,
      `SUMMARY:${escapeText(event.title)}`,
      `DESCRIPTION:${escapeText(event.description)}`,
      `LOCATION:${escapeText(event.location)}`,
      `URL:${uriValue(`${siteUrl}${event.page ?? "/events-calendar"}`)}`,
      `ORGANIZER;CN=${escapeParam(settings.ownerName)}:${uriValue(`mailto:${settings.email}`)}`,
      "STATUS:CONFIRMED",
      "TRANSP:OPAQUE",
      "END:VEVENT",
    );
  }
  lines.push("END:VCALENDAR");
  return lines.map(foldLine).join("\r\n") + "\r\n";
}
