import { and, eq, sql } from "drizzle-orm";
import { simpleParser } from "mailparser";
import { afterAll, beforeAll, describe, expect, test } from "vitest";

import type { MailPost } from "~/data/newsletter-mail.server";
import { newToken } from "~database/newsletter";
import { queueSend, sendProgress } from "~database/newsletter-sends";
import {
  newsletterDeliveries,
  newsletterSends,
  newsletterSubscribers,
} from "~database/schema";
import { createLogger } from "~shared/logger";
import { createTestDatabase, testDatabaseKinds } from "~tests/support/database";
import type { TestDatabase } from "~tests/support/database";
import { startLoopbackSmtp } from "~tests/support/smtp";
import type { LoopbackSmtp } from "~tests/support/smtp";

import {
  newsletterMessageId,
  startNewsletterWorker,
} from "./newsletter-worker";
import type { NewsletterWorker } from "./newsletter-worker";

const siteUrl = "https://seasoned.example";

const post: MailPost = {
  title: "Leading from the back of the line",
  slug: "leading-from-the-back",
  excerpt: "Why the best trail leaders walk last.",
  html: '<h2>On the trail</h2><p>Walk <a href="/about">last</a> &amp; watch.</p><ul><li>Listen</li><li>Wait</li></ul><blockquote><p>Slow is smooth.</p></blockquote><p><img src="/media/abc-800x600.jpg" srcset="/media/abc-400x300.jpg 400w, /media/abc-800x600.jpg 800w" alt="A trail" width="800" height="600"></p>',
  image: "/images/hero.jpg",
  imageAlt: "A ridge at dawn",
};

/** `count` confirmed subscribers at addresses `prefix-N@example.org`. */
async function confirmedSubscribers(
  database: TestDatabase,
  prefix: string,
  count: number,
): Promise<string[]> {
  const emails = Array.from(
    { length: count },
    (_, index) => `${prefix}-${index}@example.org`,
  );
  await database.db.insert(newsletterSubscribers).values(
    emails.map((email) => ({
      email,
      status: "confirmed" as const,
      consentSource: "/",
      consentWording: "Join the Newsletter",
      unsubscribeToken: newToken(),
    })),
  );
  return emails;
}

describe.each(testDatabaseKinds)("the newsletter's delivery on %s", (kind) => {
  let database: TestDatabase;
  let smtp: LoopbackSmtp;
  const refused = new Set<string>();
  const workers: NewsletterWorker[] = [];
  beforeAll(async () => {
    database = await createTestDatabase(kind);
    smtp = await startLoopbackSmtp({ refusedRecipients: refused });
  });
  afterAll(async () => {
    for (const worker of workers) await worker.stop();
    await smtp.close();
    await database.dispose();
  });

  const worker = (maxPerHour: number, loadPost = post) => {
    const started = startNewsletterWorker({
      db: database.db,
      logger: createLogger("silent"),
      smtpUrl: `smtp://127.0.0.1:${smtp.port}`,
      maxPerHour,
      siteUrl,
      messageIdDomain: "seasoned.example",
      from: () =>
        Promise.resolve({
          name: "Live Seasoned",
          address: "jordan@example.org",
        }),
      newsletter: () =>
        Promise.resolve({ enabled: true, listName: "Seasoned Notes" }),
      loadPost: () => Promise.resolve(loadPost),
      pollIntervalMs: 20,
      backoff: { baseMs: 10, maxMs: 20 },
      smtpTimeoutMs: 2_000,
    });
    workers.push(started);
    return started;
  };

  const progressOf = async (sendId: string) =>
    (await sendProgress(database.db, 100)).find((send) => send.id === sendId);

  test("a post is queued once for the confirmed, delivered by two instances to each address exactly once, as HTML and text with one-click unsubscribe", async () => {
    const emails = await confirmedSubscribers(database, "once", 40);
    await database.db.insert(newsletterSubscribers).values({
      email: "pending-one@example.org",
      consentSource: "/",
      consentWording: "Join the Newsletter",
      unsubscribeToken: newToken(),
    });
    const postId = crypto.randomUUID();
    const queued = await queueSend(database.db, postId, post.title);
    expect(queued).toMatchObject({ queued: true, recipients: 40 });
    // Clicked again, retried, or queued by another instance: nothing more.
    expect(await queueSend(database.db, postId, post.title)).toEqual({
      queued: false,
    });
    if (!queued.queued) throw new Error("not queued");

    const instances = [worker(0), worker(0)];
    await expect
      .poll(async () => (await progressOf(queued.sendId))?.sent, {
        timeout: 30_000,
      })
      .toBe(40);
    const received = smtp.mails.filter((mail) =>
      mail.to.some((to) => to.startsWith("once-")),
    );
    expect(received.map((mail) => mail.to[0]).sort()).toEqual(
      [...emails].sort(),
    );

    const mail = received[0];
    const parsed = await simpleParser(mail?.raw ?? "");
    expect(parsed.subject).toBe(`Seasoned Notes: ${post.title}`);
    const subscriber = (
      await database.db
        .select()
        .from(newsletterSubscribers)
        .where(eq(newsletterSubscribers.email, mail?.to[0] ?? ""))
    )[0];
    const unsubscribeUrl = `${siteUrl}/newsletter/unsubscribe?token=${subscriber?.unsubscribeToken}`;
    expect(mail?.raw).toContain(
      "List-Unsubscribe-Post: List-Unsubscribe=One-Click",
    );
    // Long headers are folded onto a second line, as RFC 5322 allows.
    expect(mail?.raw.replace(/\r\n\s+/g, " ")).toContain(
      `List-Unsubscribe: <${unsubscribeUrl}>`,
    );
    expect(parsed.messageId).toBe(
      newsletterMessageId(
        { sendId: queued.sendId, subscriberId: subscriber?.id ?? "" },
        "seasoned.example",
      ),
    );
    const html = String(parsed.html);
    expect(html).toContain(`src="${siteUrl}/images/hero.jpg"`);
    expect(html).toContain(`src="${siteUrl}/media/abc-800x600.jpg"`);
    expect(html).toContain(`href="${siteUrl}/about"`);
    expect(html).toContain(`href="${unsubscribeUrl}"`);
    // Styles are inlined: no mail client has to read a <style> element.
    expect(html).toMatch(/<blockquote[^>]*style="[^"]*border-left/);
    expect(html).not.toMatch(/<img[^>]*(pixel|track)/i);
    const text = parsed.text ?? "";
    expect(text).toContain(`last (${siteUrl}/about) & watch.`);
    expect(text).toContain("- Listen");
    expect(text).toContain(unsubscribeUrl);
    expect(await progressOf(queued.sendId)).toMatchObject({
      queued: 0,
      failed: 0,
      bounced: 0,
    });
    for (const instance of instances) await instance.stop();
  });

  test("a permanent refusal marks the address bounced and stops mail to it; the others go", async () => {
    // Everyone confirmed so far is on this send too.
    const emails = await confirmedSubscribers(database, "refused", 3);
    refused.add(emails[0] ?? "");
    const queued = await queueSend(
      database.db,
      crypto.randomUUID(),
      post.title,
    );
    if (!queued.queued) throw new Error("not queued");
    const instance = worker(0);
    await expect
      .poll(async () => await progressOf(queued.sendId), { timeout: 20_000 })
      .toMatchObject({ sent: queued.recipients - 1, bounced: 1, queued: 0 });
    await instance.stop();
    const [bounced] = await database.db
      .select({ status: newsletterSubscribers.status })
      .from(newsletterSubscribers)
      .where(eq(newsletterSubscribers.email, emails[0] ?? ""));
    expect(bounced?.status).toBe("bounced");
    // A later send leaves it out.
    const next = await queueSend(database.db, crypto.randomUUID(), post.title);
    if (!next.queued) throw new Error("not queued");
    const [left] = await database.db
      .select({ n: sql<number>`count(*)::int` })
      .from(newsletterDeliveries)
      .innerJoin(
        newsletterSubscribers,
        eq(newsletterSubscribers.id, newsletterDeliveries.subscriberId),
      )
      .where(
        and(
          eq(newsletterDeliveries.sendId, next.sendId),
          eq(newsletterSubscribers.email, emails[0] ?? ""),
        ),
      );
    expect(left?.n).toBe(0);
    await database.db
      .delete(newsletterSends)
      .where(eq(newsletterSends.id, next.sendId));
  });

  test("the hourly cap sends only what the hour has room for; the rest waits, queued", async () => {
    await confirmedSubscribers(database, "paced", 12);
    // What went out in the last hour (the tests before) counts against the cap.
    const [{ sentLastHour = 0 } = {}] = (
      (await database.db.execute(
        sql`select count(*)::int as "sentLastHour" from newsletter_deliveries where sent_at > now() - interval '1 hour'`,
      )) as unknown as { rows: Array<{ sentLastHour: number }> }
    ).rows;
    const queued = await queueSend(
      database.db,
      crypto.randomUUID(),
      post.title,
    );
    if (!queued.queued) throw new Error("not queued");
    const instance = worker(sentLastHour + 5);
    await expect
      .poll(async () => (await progressOf(queued.sendId))?.sent, {
        timeout: 30_000,
      })
      .toBe(5);
    await instance.stop();
    expect(await progressOf(queued.sendId)).toMatchObject({
      sent: 5,
      queued: queued.recipients - 5,
    });
  });
});
