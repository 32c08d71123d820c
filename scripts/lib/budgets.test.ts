import { expect, test } from "vitest";

import {
  calibratedSlowdown,
  firstTouchMicros,
  hostMemoryNote,
  REFERENCE_BENCHMARK_INDEX,
  scriptFreeCopy,
} from "./budgets";

test("the control is the same document without a script to run or a module to preload", () => {
  const page = [
    "<!DOCTYPE html><html><head>",
    '<style nonce="n">h1{color:red}</style>',
    '<link rel="modulepreload" href="/assets/entry.js" nonce="n"/>',
    '<script type="application/ld+json">{"@type":"Person"}</script>',
    "</head><body><h1>Hello</h1>",
    '<script nonce="n">window.__context = {"a":"<\\/b>"}; boot();</script>',
    '<script nonce="n" type="module" async=""></script>',
    "</body></html>",
  ].join("");
  expect(scriptFreeCopy(page)).toBe(
    [
      "<!DOCTYPE html><html><head>",
      '<style nonce="n">h1{color:red}</style>',
      '<script type="application/ld+json">{"@type":"Person"}</script>',
      "</head><body><h1>Hello</h1>",
      "</body></html>",
    ].join(""),
  );
});

test("a run is slowed to stand for the reference host, whatever the host's speed", () => {
  // The reference host gets Lighthouse's own 4x; a host twice as fast twice that.
  expect(calibratedSlowdown(REFERENCE_BENCHMARK_INDEX)).toBe(4);
  expect(calibratedSlowdown(REFERENCE_BENCHMARK_INDEX * 2)).toBe(8);
  expect(calibratedSlowdown(REFERENCE_BENCHMARK_INDEX / 2)).toBe(2);
  // Never faster than the run itself, and Lighthouse's factor without an index.
  expect(calibratedSlowdown(100)).toBe(1);
  expect(calibratedSlowdown(undefined)).toBe(4);
  expect(calibratedSlowdown(Number.NaN)).toBe(4);
});

test("a host that maps its memory on first use is named in the run's header", () => {
  expect(hostMemoryNote(0.4)).toBe(
    "Host: the first write to fresh memory costs 0.4 µs a 4 KB page.",
  );
  expect(hostMemoryNote(12)).toMatch(
    /^Host: the first write to fresh memory costs 12\.0 µs a 4 KB page\. This host maps memory on first use: .* do not compare with another host's/,
  );
  // Measured, not made up: a finite cost, never below nothing.
  const micros = firstTouchMicros(8 * 1024 * 1024, 2);
  expect(Number.isFinite(micros)).toBe(true);
  expect(micros).toBeGreaterThanOrEqual(0);
});
