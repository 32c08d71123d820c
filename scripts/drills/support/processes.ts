// Drill servers: the production build as real processes in the drills' own
// port range, each logging to its own file.
import { mkdirSync } from "node:fs";
import path from "node:path";

import { launchServer } from "~scripts/lib/server";
import type { RunningServer } from "~scripts/lib/server";

/** Ports 5000+E2E_PORT_BASE and up, so drills never collide with journeys or other checkouts. */
export const PORT_BASE = 5000 + Number(process.env.E2E_PORT_BASE ?? 0);

/** Each run's server logs, one file per instance (git ignores *.log). */
export const LOG_DIR = path.resolve(
  ".drills",
  new Date().toISOString().replace(/[:.]/g, "-"),
);

/** A drill's server: the production build as a real process (scripts/lib/server.ts). */
export type Instance = RunningServer;

/** Starts the production build with the drills' settings and waits until it is ready. */
export async function startInstance(options: {
  name: string;
  port: number;
  databaseUrl: string;
  smtpUrl?: string;
  env?: Record<string, string>;
  /** How long to wait for /readyz (a busy machine starts slowly). */
  readyTimeoutMs?: number;
}): Promise<Instance> {
  mkdirSync(LOG_DIR, { recursive: true });
  return launchServer({
    name: options.name,
    port: options.port,
    requireFreePort: true,
    log: path.join(LOG_DIR, `${options.name}.log`),
    logFlags: "a",
    readyTimeoutMs: options.readyTimeoutMs ?? 60_000,
    env: {
      DATABASE_URL: options.databaseUrl,
      SMTP_URL: options.smtpUrl ?? "",
      // The drill plays the TLS proxy: each simulated visitor is its own client.
      TRUST_PROXY: "1",
      LOG_LEVEL: "warn",
      // Drills count every mail of thousands of messages; the hourly cap has its own test.
      MAIL_PER_HOUR: "0",
      ...options.env,
    },
  });
}
