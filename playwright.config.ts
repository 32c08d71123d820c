import { existsSync } from "node:fs";

import { defineConfig, devices } from "@playwright/test";

// CHROME_PATH if set; else Debian's headless shell (chromium-headless-shell:
// Chromium without the browser's own interface, the build Playwright itself
// runs headless, and far lighter on the processor; docs/decisions/042), else
// Debian's Chromium; Playwright's own browser as the last resort.
const executablePath =
  process.env.CHROME_PATH ??
  ["/usr/bin/chromium-headless-shell", "/usr/bin/chromium"].find((path) =>
    existsSync(path),
  );

/**
 * Each journey runs against a production build served from its own embedded
 * database, prepared by tests/e2e/support/prepare.ts:
 * - seeded:  the demo content, read only;
 * - empty:   migrated but without content (every empty state);
 * - broken:  demo content with its content tables made unusable (every read
 *            failure, and the contact form's insert);
 * - mutable: demo content plus an owner account, for journeys that write.
 * - mail:    demo content, mailing contact notifications to a loopback SMTP
 *            server a journey starts on mailSmtpPort; it trusts one proxy hop,
 *            so each journey can be its own client (X-Forwarded-For) for the
 *            rate limit.
 * - archive: demo content plus 100 generated posts (database/fixture.ts),
 *            enough for three or more pages of every archive.
 * - held:    demo content on PostgreSQL (a database of its own on the server
 *            of TEST_DATABASE_URL; only when that is set), with no content
 *            or page cache: a journey locks a table through its own
 *            connection to hold a page's data, and sees the loading text.
 */
export const servers = {
  seeded: 4101,
  empty: 4102,
  broken: 4103,
  mutable: 4104,
  mail: 4105,
  archive: 4106,
  held: 4107,
} as const;

const portBase = Number(process.env.E2E_PORT_BASE ?? 0);
export function serverUrl(name: keyof typeof servers): string {
  return `http://localhost:${servers[name] + portBase}`;
}

/**
 * The held server's database, on the PostgreSQL server of
 * TEST_DATABASE_URL; undefined without it (its journeys are then skipped).
 */
export function heldDatabaseUrl(): string | undefined {
  const admin = process.env.TEST_DATABASE_URL;
  if (!admin) return undefined;
  const url = new URL(admin);
  url.pathname = `/e2e_held_${servers.held + portBase}`;
  return url.toString();
}

/** Where the mail server delivers; a journey listens here with smtp-server. */
export const mailSmtpPort = 5090 + portBase;
const serverEnv: Partial<Record<keyof typeof servers, Record<string, string>>> =
  {
    mail: {
      SMTP_URL: `smtp://127.0.0.1:${mailSmtpPort}`,
      TRUST_PROXY: "1",
    },
    // Every read reaches the database, where a journey holds it.
    held: {
      CONTENT_CACHE_SECONDS: "0",
      E2E_DATABASE_URL: heldDatabaseUrl() ?? "",
    },
  };

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
    trace: "retain-on-failure",
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
  webServer: (Object.keys(servers) as Array<keyof typeof servers>)
    .filter((name) => name !== "held" || heldDatabaseUrl() !== undefined)
    .map((name) => ({
      command: `node tests/e2e/support/start-server.ts ${name}`,
      url: `${serverUrl(name)}/readyz`,
      reuseExistingServer: false,
      timeout: 120_000,
      stdout: "ignore",
      stderr: "pipe",
      env: {
        PORT: String(servers[name] + portBase),
        // The broken server's read failures are expected; keep them out of the report.
        LOG_LEVEL: name === "broken" ? "silent" : "warn",
        // As behind one proxy: journeys set X-Forwarded-For to act as separate visitors.
        TRUST_PROXY: "1",
        ...serverEnv[name],
      },
    })),
});
