// npm run bench:newsletter: the newsletter at 10,000 confirmed subscribers on
// a fresh embedded database: queuing a send (time, and the process's memory
// before and after), and the Subscribers screen's reads (a page and the
// counts). Then, through the production build on a database of its own with
// NEWSLETTER_PER_HOUR=0: a send to all of them drained through a loopback
// SMTP server (mails a minute, and every address exactly once), and the
// studio's Subscribers screen as the owner gets it (bytes and time). Prints
// the figures docs/PERFORMANCE.md records.
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { performance } from "node:perf_hooks";
import { gzipSync } from "node:zlib";

import { openDatabase } from "~database/client";
import { listSubscribers, subscriberCounts } from "~database/newsletter";
import { seedNewsletterSubscribers } from "~database/newsletter-fixture";
import { queueSend } from "~database/newsletter-sends";
import { newsletterSettings, posts } from "~database/schema";
import { startLoopbackSmtp } from "~tests/support/smtp";

import { launchServer } from "./lib/server";
import { createStudioOwner, signInAsStudioOwner } from "./lib/studio-lists";

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

await throughTheServer();

/** The drain and the Subscribers screen, through the production build. */
async function throughTheServer() {
  const dir = await mkdtemp(path.join(tmpdir(), "newsletter-bench-"));
  const smtp = await startLoopbackSmtp();
  try {
    // The owner, the demo content, the list on and a send queued, before the
    // server opens the database (PGlite allows one process).
    await createStudioOwner({ dataDir: dir });
    const prepared = await openDatabase({ dataDir: dir });
    try {
      await seedNewsletterSubscribers(prepared.db, SUBSCRIBERS);
      await prepared.db
        .insert(newsletterSettings)
        .values({ enabled: true, listName: "Bench", promise: "Posts." });
      const [post] = await prepared.db
        .select({ id: posts.id, title: posts.title })
        .from(posts)
        .limit(1);
      if (!post) throw new Error("the demo content has no post");
      await queueSend(prepared.db, post.id, post.title);
    } finally {
      await prepared.close();
    }
    const server = await launchServer({
      name: "newsletter bench",
      siteUrlIsServed: true,
      log: path.join(dir, "server.log"),
      env: {
        DATA_DIR: dir,
        DATABASE_URL: undefined,
        SMTP_URL: `smtp://127.0.0.1:${smtp.port}`,
        NEWSLETTER_PER_HOUR: "0",
        LOG_LEVEL: "warn",
        TRUST_PROXY: "1",
      },
    });
    try {
      const started = performance.now();
      while (smtp.mails.length < SUBSCRIBERS) {
        if (performance.now() - started > 30 * 60_000)
          throw new Error(`only ${smtp.mails.length} mails after 30 minutes`);
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      const minutes = (performance.now() - started) / 60_000;
      // A moment more: a mail sent twice would arrive now.
      await new Promise((resolve) => setTimeout(resolve, 3_000));
      const addresses = new Set(smtp.mails.flatMap((mail) => mail.to));
      console.log(
        `Drained ${SUBSCRIBERS} mails through a loopback SMTP server (NEWSLETTER_PER_HOUR=0) in ${(minutes * 60).toFixed(1)} s: ${(SUBSCRIBERS / minutes).toFixed(0)} mails a minute; ${addresses.size} addresses, ${smtp.mails.length - addresses.size} mailed twice`,
      );

      const cookie = await signInAsStudioOwner(server.url);
      const screen = async () => {
        const began = performance.now();
        const response = await fetch(
          `${server.url}/studio/newsletter/subscribers`,
          { headers: { cookie }, redirect: "manual" },
        );
        const body = Buffer.from(await response.arrayBuffer());
        if (response.status !== 200)
          throw new Error(`the Subscribers screen answered ${response.status}`);
        return { ms: performance.now() - began, body };
      };
      await screen();
      await screen();
      const times: number[] = [];
      let last = await screen();
      for (let run = 0; run < 21; run++) {
        last = await screen();
        times.push(last.ms);
      }
      console.log(
        `Subscribers screen at ${SUBSCRIBERS} confirmed, signed in: ${(last.body.length / 1024).toFixed(1)} KB (${(gzipSync(last.body).length / 1024).toFixed(1)} KB gzip), request to last byte median ${median(times).toFixed(1)} ms, slowest ${Math.max(...times).toFixed(1)} ms`,
      );
    } finally {
      await server.stop();
    }
  } finally {
    await smtp.close();
    await rm(dir, { recursive: true, force: true });
  }
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? 0;
}

function mb(bytes: number): string {
  return (bytes / 1024 / 1024).toFixed(0);
}
