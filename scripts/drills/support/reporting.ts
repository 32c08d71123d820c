// A drill's verdict: its figures and problems, the books on every message
// (stored once, delivered once) and how a load was answered.
import type { StoredMessage } from "./database";
import type { Submission } from "./visitors";

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

export function percentile(values: number[], p: number): number {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  const rank = Math.min(
    sorted.length - 1,
    Math.ceil((p / 100) * sorted.length) - 1,
  );
  return Math.round(sorted[Math.max(0, rank)] ?? 0);
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
