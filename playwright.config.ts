import { existsSync } from "node:fs";

import { defineConfig, devices } from "@playwright/test";

import {
  allServersReadyUrl,
  heldDatabaseUrl,
  mailSmtpPort,
  servers,
  serverUrl,
} from "./tests/e2e/support/servers";

// CHROME_PATH if set; else Debian's headless shell (chromium-headless-shell:
// Chromium without the browser's own interface, the build Playwright itself
// runs headless, and far lighter on the processor; docs/decisions/042), else
// Debian's Chromium; Playwright's own browser as the last resort.
const executablePath =
  process.env.CHROME_PATH ??
  ["/usr/bin/chromium-headless-shell", "/usr/bin/chromium"].find((path) =>
    existsSync(path),
  );

// The journeys import these from here.
export { heldDatabaseUrl, mailSmtpPort, servers, serverUrl };

export default defineConfig({
  testDir: "tests/e2e",
  fullyParallel: true,
  forbidOnly: Boolean(process.env.CI),
  retries: process.env.CI ? 1 : 0,
  workers: process.env.CI ? 2 : undefined,
  reporter: process.env.CI ? [["list"]] : [["list"]],
  timeout: 30_000,
  expect: { timeout: 10_000 },
  use: {
    baseURL: serverUrl("seeded"),
    // Recording a trace of every attempt in case it fails slows every
    // journey on CI's two cores; there a failure is retried once, and the
    // retry is recorded.
    trace: process.env.CI ? "on-first-retry" : "retain-on-failure",
    launchOptions: {
      executablePath,
      args: [
        "--no-sandbox",
        "--disable-gpu",
        "--disable-background-networking",
      ],
    },
  },
  // The slow-uplink journey spends over a minute mostly waiting on its own
  // pacing; first in the queue, that wait overlaps the other journeys
  // instead of being the run's last minute alone.
  projects: [
    {
      name: "uplink",
      testMatch: /upload-speed\.spec\.ts$/,
      use: { ...devices["Desktop Chrome"] },
    },
    {
      name: "desktop",
      testIgnore: /upload-speed\.spec\.ts$/,
      use: { ...devices["Desktop Chrome"] },
    },
  ],
  webServer: {
    command: "node tests/e2e/support/start-servers.ts",
    url: allServersReadyUrl,
    reuseExistingServer: false,
    timeout: 360_000,
    stdout: "ignore",
    stderr: "pipe",
  },
});
