// What the reliability drills share: a fresh PostgreSQL database per run,
// production server instances started as real processes, a loopback SMTP
// server, a load generator, and the checks that count every message.
import { randomBytes } from "node:crypto";
import { mkdirSync } from "node:fs";
import path from "node:path";

import pg from "pg";

import { launchServer } from "~scripts/lib/server";
import type { RunningServer } from "~scripts/lib/server";

export const ADMIN_URL =
  process.env.DRILL_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/test";

/** Ports 5000+E2E_PORT_BASE and up, so drills never collide with journeys or other checkouts. */
export const PORT_BASE = 5000 + Number(process.env.E2E_PORT_BASE ?? 0);

/** Each run's server logs, one file per instance (git ignores *.log). */
export const LOG_DIR = path.resolve(
  ".drills",
  new Date().toISOString().replace(/[:.]/g, "-"),
);

export interface DrillResult {
  name: string;
  ok: boolean;
  figures: Array<[string, string | number]>;
  problems: string[];
}

export function drillResult(name: string): DrillResult & {
  figure(label: string, value: string | number): void;
  problem(text: string): void;
} {
  const result: DrillResult = { name, ok: true, figures: [], problems: [] };
  return Object.assign(result, {
    figure(label: string, value: string | number) {
      result.figures.push([label, value]);
      console.log(`  ${label}: ${value}`);
    },
    problem(text: string) {
      result.ok = false;
      result.problems.push(text);
      console.log(`  PROBLEM: ${text}`);
    },
  });
}

export interface DrillDatabase {
  name: string;
  url: string;
  query<T extends pg.QueryResultRow>(
    text: string,
    values?: unknown[],
  ): Promise<T[]>;
  /** Admin statements (block or allow connections) run from the server's maintenance database. */
  admin(text: string): Promise<void>;
  drop(): Promise<void>;
}

export async function freshDatabase(label: string): Promise<DrillDatabase> {
  const name = `drill_${label.replace(/\W/g, "_")}_${randomBytes(4).toString("hex")}`;
  const admin = async (text: string) => {
    const client = new pg.Client({ connectionString: ADMIN_URL });
    await client.connect();
    try {
      await client.query(text);
    } finally {
      await client.end();
    }
  };
  await admin(`create database ${name}`);
  const url = new URL(ADMIN_URL);
  url.pathname = `/${name}`;
  return {
    name,
    url: url.toString(),
    async query<T extends pg.QueryResultRow>(text: string, values?: unknown[]) {
      const client = new pg.Client({ connectionString: url.toString() });
      await client.connect();
      try {
        return (await client.query<T>(text, values)).rows;
      } finally {
        await client.end();
      }
    },
    admin,
    async drop() {
      await admin(`alter database ${name} allow_connections true`);
      await admin(`drop database if exists ${name} with (force)`);
    },
  };
}

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

export const sleep = (ms: number) =>
  new Promise<void>((resolve) => setTimeout(resolve, ms));

/** A made-up but valid client address per visitor (the drill plays the proxy). */
export function visitorAddress(index: number): string {
  return `10.${(index >> 16) & 255}.${(index >> 8) & 255}.${index & 255}`;
}

export interface Submission {
  token: string;
  acknowledged: boolean;
  status: number | "network error";
  ms: number;
}

/**
 * Sends one contact message the way a browser does: half as a plain form post
 * (no JavaScript), half as React Router's data request (with JavaScript).
 * Acknowledged means the visitor was told 'Message Sent!'.
 */
export async function submitMessage(
  instance: Pick<Instance, "url">,
  index: number,
  token: string,
): Promise<Submission> {
  const asData = index % 2 === 1;
  const started = performance.now();
  const body = new URLSearchParams({
    name: `Drill Visitor ${index}`,
    email: `visitor${index}@example.org`,
    message: `Reliability drill message ${token}. Please keep this one safe.`,
    // The key of the form rendering this visitor sends from (one per visitor):
    // a resend carries the same one.
    "idempotency-key": `drill-form-${token}`,
  });
  try {
    const response = await fetch(
      `${instance.url}/contact${asData ? ".data" : ""}`,
      {
        method: "POST",
        headers: {
          "content-type": "application/x-www-form-urlencoded",
          origin: instance.url,
          "x-forwarded-for": visitorAddress(index),
        },
        body,
        signal: AbortSignal.timeout(30_000),
      },
    );
    const text = await response.text();
    const acknowledged =
      response.status === 200 &&
      (asData ? text.includes('"sent"') : text.includes("Message Sent!"));
    return {
      token,
      acknowledged,
      status: response.status,
      ms: performance.now() - started,
    };
  } catch {
    return {
      token,
      acknowledged: false,
      status: "network error",
      ms: performance.now() - started,
    };
  }
}

/** Runs `total` tasks with at most `concurrency` at a time. */
export async function runConcurrently<T>(
  total: number,
  concurrency: number,
  task: (index: number) => Promise<T>,
): Promise<T[]> {
  const results: T[] = new Array<T>(total);
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(concurrency, total) }, async () => {
      while (next < total) {
        const index = next++;
        results[index] = await task(index);
      }
    }),
  );
  return results;
}

export function percentile(values: number[], p: number): number {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  const rank = Math.min(
    sorted.length - 1,
    Math.ceil((p / 100) * sorted.length) - 1,
  );
  return Math.round(sorted[Math.max(0, rank)] ?? 0);
}

export function token(run: string, index: number): string {
  return `${run}-${String(index).padStart(5, "0")}`;
}

export interface StoredMessage {
  token: string;
  outbox_id: string | null;
  sent: boolean;
  attempts: number | null;
}

/** Every stored drill message with its notification row. */
export async function storedMessages(
  database: DrillDatabase,
): Promise<StoredMessage[]> {
  return database.query<StoredMessage>(`
    select substring(m.message from 'drill message ([a-z0-9-]+)\\.') as token,
           o.id as outbox_id, o.sent_at is not null as sent, o.attempts
    from messages m left join mail_outbox o on o.message_id = m.id`);
}

export async function waitFor(
  what: string,
  check: () => Promise<boolean>,
  timeoutMs: number,
): Promise<number> {
  const started = Date.now();
  while (!(await check())) {
    if (Date.now() - started > timeoutMs)
      throw new Error(`gave up waiting for ${what} after ${timeoutMs} ms`);
    await sleep(250);
  }
  return Date.now() - started;
}

export interface Accounting {
  acknowledged: number;
  storedOnce: number;
  missing: string[];
  storedTwice: string[];
  unsent: number;
  deliveredOnce: number;
  undelivered: string[];
  duplicates: string[];
}

/**
 * Checks every acknowledged message: stored exactly once, and its
 * notification received by the SMTP server (once, or how many times).
 */
export function account(
  submissions: Submission[],
  stored: StoredMessage[],
  mailIds: Array<string | undefined>,
  messageIdDomain = "localhost",
): Accounting {
  const byToken = new Map<string, StoredMessage[]>();
  for (const row of stored) {
    const rows = byToken.get(row.token) ?? [];
    rows.push(row);
    byToken.set(row.token, rows);
  }
  const received = new Map<string, number>();
  for (const id of mailIds) {
    if (id) received.set(id, (received.get(id) ?? 0) + 1);
  }
  const result: Accounting = {
    acknowledged: 0,
    storedOnce: 0,
    missing: [],
    storedTwice: [],
    unsent: stored.filter((row) => !row.sent).length,
    deliveredOnce: 0,
    undelivered: [],
    duplicates: [],
  };
  for (const submission of submissions) {
    if (!submission.acknowledged) continue;
    result.acknowledged++;
    const rows = byToken.get(submission.token) ?? [];
    if (rows.length === 0) result.missing.push(submission.token);
    else if (rows.length > 1) result.storedTwice.push(submission.token);
    else result.storedOnce++;
  }
  // Every stored message's mail, acknowledged or not: none may be lost.
  for (const row of stored) {
    const count = row.outbox_id
      ? (received.get(`<${row.outbox_id}@${messageIdDomain}>`) ?? 0)
      : 0;
    if (count === 0) result.undelivered.push(row.token);
    else if (count === 1) result.deliveredOnce++;
    else result.duplicates.push(`${row.token} (${count}×)`);
  }
  return result;
}

/** How a load was answered, and how fast. */
export function reportLoad(
  result: ReturnType<typeof drillResult>,
  submissions: Submission[],
  { concurrency, seconds }: { concurrency: number; seconds: number },
) {
  const times = submissions.map((submission) => submission.ms);
  result.figure(
    "submissions",
    `${submissions.length} at ${concurrency} concurrent`,
  );
  result.figure("answers", statusCounts(submissions));
  result.figure(
    "throughput (messages/s)",
    Math.round(submissions.length / seconds),
  );
  result.figure(
    "latency p50 / p95 / p99 / max (ms)",
    `${percentile(times, 50)} / ${percentile(times, 95)} / ${percentile(times, 99)} / ${percentile(times, 100)}`,
  );
}

/** Waits until no notification is left unsent; returns how long that took. */
export function waitForMailQueueEmpty(
  database: DrillDatabase,
  timeoutMs: number,
): Promise<number> {
  return waitFor(
    "every notification to be delivered",
    async () =>
      (
        await database.query<{ n: number }>(
          "select count(*)::int as n from mail_outbox where sent_at is null",
        )
      )[0]?.n === 0,
    timeoutMs,
  );
}

/**
 * The verdict on the books: a lost or doubly stored message, or a mail never
 * delivered, is always a problem; a mail delivered twice is one unless the
 * drill expects it (an instance killed between SMTP's yes and the database).
 */
export function reportBooks(
  result: ReturnType<typeof drillResult>,
  books: Accounting,
  duplicates: "problem" | "counted" = "problem",
) {
  result.figure("acknowledged", books.acknowledged);
  result.figure("acknowledged and stored exactly once", books.storedOnce);
  result.figure("delivered exactly once", books.deliveredOnce);
  if (books.missing.length)
    result.problem(`acknowledged but not stored: ${books.missing.join(", ")}`);
  if (books.storedTwice.length)
    result.problem(`stored more than once: ${books.storedTwice.join(", ")}`);
  if (books.undelivered.length)
    result.problem(`mail never delivered: ${books.undelivered.join(", ")}`);
  if (duplicates === "counted")
    result.figure(
      "delivered twice (same Message-ID)",
      books.duplicates.length ? books.duplicates.join(", ") : 0,
    );
  else if (books.duplicates.length)
    result.problem(`mail delivered twice: ${books.duplicates.join(", ")}`);
}

export function statusCounts(submissions: Submission[]): string {
  const counts = new Map<string, number>();
  for (const submission of submissions) {
    const key = String(submission.status);
    counts.set(key, (counts.get(key) ?? 0) + 1);
  }
  return [...counts.entries()]
    .sort()
    .map(([status, count]) => `${status}×${count}`)
    .join(", ");
}
