// The browser the measuring scripts drive (npm run budget):
// CHROME_PATH, else Debian's Chromium; undefined leaves the choice to the
// launcher. The journeys choose theirs in playwright.config.ts.
import { existsSync } from "node:fs";

export const chromePath =
  process.env.CHROME_PATH ??
  (existsSync("/usr/bin/chromium") ? "/usr/bin/chromium" : undefined);

/** Flags for a headless run in this workplace: no sandbox, GPU or background fetches. */
export const chromiumFlags = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-background-networking",
];
