// Fedify's types name TypeScript's global Temporal (lib esnext.temporal);
// Node has none yet, and Fedify itself runs on @js-temporal/polyfill. The
// polyfill's types differ from the lib's in small ways, so values made here
// are handed over under the lib's names.
import { Temporal } from "@js-temporal/polyfill";

export function instant(date: Date): globalThis.Temporal.Instant {
  return Temporal.Instant.fromEpochMilliseconds(
    date.getTime(),
  ) as unknown as globalThis.Temporal.Instant;
}

export function duration(
  like: Temporal.DurationLike,
): globalThis.Temporal.Duration {
  return Temporal.Duration.from(
    like,
  ) as unknown as globalThis.Temporal.Duration;
}
