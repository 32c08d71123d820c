// npm run bench:newsletter: the newsletter at 10,000 confirmed subscribers on
// a fresh embedded database: queuing a send (time, and the process's memory
// before and after), and the Subscribers screen's reads (a page and the
// counts). Prints the figures docs/PERFORMANCE.md records.
import { performance } from "node:perf_hooks";

import { openDatabase } from "~database/client";
import { listSubscribers, subscriberCounts } from "~database/newsletter";
import { seedNewsletterSubscribers } from "~database/newsletter-fixture";
import { queueSend } from "~database/newsletter-sends";

const SUBSCRIBERS = 10_000;
const database = await openDatabase({ dataDir: "memory://" });
try {
  await database.migrate();
  await seedNewsletterSubscribers(database.db, SUBSCRIBERS);
  const screen = [];
  for (let run = 0; run < 5; run++) {
    const started = performance.now();
    const [, page] = await Promise.all([
      subscriberCounts(database.db),
      listSubscribers(database.db, { page: 1 }),
    ]);
    screen.push(performance.now() - started);
    if (run === 0)
      console.log(
        `Subscribers screen data: ${JSON.stringify(page.rows).length} bytes of rows for a page`,
      );
  }
  const searched = performance.now();
  await listSubscribers(database.db, { search: "9999" });
  console.log(
    `Subscribers screen reads: median ${median(screen).toFixed(1)} ms; a search ${(performance.now() - searched).toFixed(1)} ms`,
  );

  global.gc?.();
  const before = process.memoryUsage().rss;
  const started = performance.now();
  const queued = await queueSend(database.db, crypto.randomUUID(), "Bench");
  const took = performance.now() - started;
  const after = process.memoryUsage().rss;
  console.log(
    `Queued a send for ${queued.queued ? queued.recipients : 0} subscribers in ${took.toFixed(0)} ms; RSS ${mb(before)} → ${mb(after)} MB`,
  );
} finally {
  await database.close();
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? 0;
}

function mb(bytes: number): string {
  return (bytes / 1024 / 1024).toFixed(0);
}
