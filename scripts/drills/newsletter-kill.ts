// Drill: a newsletter send to a list of confirmed subscribers, worked by two
// instances through a loopback SMTP server; one instance is killed with
// SIGKILL mid-send and started again. Every confirmed subscriber must get the
// post; the only repeats allowed are the mails the dead instance had handed
// to SMTP but not yet recorded, each with the same Message-ID as the first
// copy (decision 060). Both counts are printed.
import path from "node:path";

import { openDatabase } from "~database/client";
import { seedNewsletterSubscribers } from "~database/newsletter-fixture";
import { queueSend } from "~database/newsletter-sends";
import { newsletterSettings, posts } from "~database/schema";
import { importContent } from "~database/seed";
import { startLoopbackSmtp } from "~tests/support/smtp";

import { freshDatabase } from "./support/database";
import { PORT_BASE, startInstance } from "./support/processes";
import type { Instance } from "./support/processes";
import { drillResult } from "./support/reporting";
import { waitFor } from "./support/time";

export async function newsletterKillDrill({
  subscribers = 1_500,
  killAfter = 500,
} = {}) {
  const result = drillResult("newsletter kill: SIGKILL mid-send, then restart");
  const database = await freshDatabase("newsletter_kill");
  // A mail server that takes its time, so the killed instance dies with mails in hand.
  const smtp = await startLoopbackSmtp({
    port: PORT_BASE + 36,
    acceptDelayMs: 20,
  });
  const instances: Instance[] = [];
  try {
    // The demo content, the list on, and the confirmed subscribers.
    const seeded = await openDatabase({
      databaseUrl: database.url,
      dataDir: "",
    });
    let sendId: string;
    try {
      await seeded.migrate();
      await importContent(seeded.db, path.resolve("content"));
      await seeded.db
        .insert(newsletterSettings)
        .values({ enabled: true, listName: "Drill", promise: "Posts." });
      result.figure(
        "confirmed subscribers",
        await seedNewsletterSubscribers(seeded.db, subscribers),
      );
      const [post] = await seeded.db
        .select({ id: posts.id, title: posts.title })
        .from(posts)
        .limit(1);
      if (!post) throw new Error("the demo content has no post");
      const queued = await queueSend(seeded.db, post.id, post.title);
      if (!queued.queued) throw new Error("the send was not queued");
      sendId = queued.sendId;
    } finally {
      await seeded.close();
    }

    const start = (n: number) =>
      startInstance({
        name: `newsletter-kill-${n}`,
        port: PORT_BASE + 30 + n,
        databaseUrl: database.url,
        smtpUrl: `smtp://127.0.0.1:${smtp.port}`,
        env: { NEWSLETTER_PER_HOUR: "0" },
      });
    const started = performance.now();
    instances.push(...(await Promise.all([start(1), start(2)])));
    await waitFor(
      `${killAfter} mails received`,
      async () => smtp.mails.length >= killAfter,
      300_000,
    );
    const victim = instances[0];
    if (!victim) throw new Error("no instance");
    await victim.kill();
    result.figure("mails received at the kill", smtp.mails.length);
    const [leased] = await database.query<{ n: number }>(
      "select count(*)::int as n from newsletter_deliveries where status = 'queued' and attempts > 0 and next_attempt_at > now()",
    );
    result.figure(
      "deliveries leased (claimed, not yet recorded) at the kill, both instances",
      leased?.n ?? 0,
    );
    instances[0] = await start(1);

    // The killed instance's claimed rows wait for their lease (2 minutes).
    const drainMs = await waitFor(
      "every delivery to be recorded",
      async () =>
        (
          await database.query<{ n: number }>(
            "select count(*)::int as n from newsletter_deliveries where status = 'queued'",
          )
        )[0]?.n === 0,
      360_000,
    );
    result.figure("queue empty after the kill (ms)", drainMs);
    result.figure(
      "send drained in (s)",
      ((performance.now() - started) / 1000).toFixed(1),
    );

    const confirmed = await database.query<{ email: string }>(
      "select email from newsletter_subscribers where status = 'confirmed'",
    );
    const copies = new Map<string, Set<string | undefined>>();
    const counts = new Map<string, number>();
    for (const mail of smtp.mails)
      for (const to of mail.to) {
        counts.set(to, (counts.get(to) ?? 0) + 1);
        copies.set(to, (copies.get(to) ?? new Set()).add(mail.messageId));
      }
    const missed = confirmed.filter((row) => !counts.has(row.email)).length;
    const repeated = [...counts.values()].reduce(
      (total, n) => total + Math.max(0, n - 1),
      0,
    );
    const foldable = [...copies.entries()].filter(
      ([to, ids]) => (counts.get(to) ?? 0) > 1 && ids.size === 1,
    ).length;
    const repeatedAddresses = [...counts.values()].filter((n) => n > 1).length;
    const [recorded] = await database.query<{ sent: number; other: number }>(
      "select (count(*) filter (where status = 'sent'))::int as sent, (count(*) filter (where status <> 'sent'))::int as other from newsletter_deliveries where send_id = $1",
      [sendId],
    );
    result.figure("mails received", smtp.mails.length);
    result.figure("deliveries recorded sent", recorded?.sent ?? 0);
    result.figure("confirmed subscribers missed (target 0)", missed);
    result.figure("mails repeated (in flight at the kill)", repeated);
    result.figure(
      "repeats with the first copy's Message-ID",
      `${foldable} of ${repeatedAddresses} addresses`,
    );
    if (missed > 0) result.problem(`${missed} confirmed subscribers missed`);
    if (foldable !== repeatedAddresses)
      result.problem("a repeat carried another Message-ID");
    if (repeated > (leased?.n ?? 0))
      result.problem(
        `${repeated} repeats: more than the ${leased?.n ?? 0} deliveries in flight at the kill`,
      );
    if ((recorded?.other ?? 0) > 0)
      result.problem(`${recorded?.other} deliveries not recorded sent`);
  } finally {
    await Promise.all(instances.map((instance) => instance.stop()));
    await smtp.close();
    await database.drop();
  }
  return result;
}
