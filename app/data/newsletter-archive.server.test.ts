// The newsletter in the content archive: subscribers with their consent
// records and tokens, and the sends with their deliveries, go out and come
// back; the import sends nothing (a delivery still queued comes in failed),
// a leaver here stays left, and a broken newsletter.json is refused with
// nothing written. On PGlite and PostgreSQL.
import path from "node:path";

import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";

import type { Database } from "~database/client";
import {
  markDelivered,
  claimDueDeliveries,
  queueSend,
} from "~database/newsletter-sends";
import {
  newsletterDeliveries,
  newsletterSends,
  newsletterSubscribers,
  posts,
  studioPosts,
} from "~database/schema";
import {
  hasScheduledSend,
  setScheduledSend,
} from "~database/newsletter-scheduled";
import { emptyPostFields } from "~database/post-lifecycle/fields";
import { createDraft } from "~database/post-lifecycle/edit";
import { schedulePost } from "~database/post-lifecycle/publish";
import { ContentError } from "~database/seed";
import { writeTarGz } from "~database/tar";
import { publishedPost } from "~tests/support/posts";
import { createTestDatabase, testDatabaseKinds } from "~tests/support/database";
import type { TestDatabase } from "~tests/support/database";

import {
  exportArchive,
  importArchive,
  readArchive,
} from "./content-archive.server";

const publicDir = path.resolve("public");
const HERE = "https://jordan.example";
const FILE = "content/newsletter.json";

const subscriber = (
  email: string,
  status: "pending" | "confirmed" | "unsubscribed" | "bounced",
) => ({
  email,
  status,
  consentSource: "/post/on-the-ridge",
  consentWording: `Join the list (${email})`,
  unsubscribeToken: `token-of-${email}`.padEnd(32, "x"),
  confirmedAt: status === "pending" ? null : new Date("2026-12-01T09:00:00Z"),
  unsubscribedAt:
    status === "unsubscribed" ? new Date("2026-12-02T09:00:00Z") : null,
});

const subscribersOf = (db: Database) =>
  db
    .select({
      email: newsletterSubscribers.email,
      status: newsletterSubscribers.status,
      consentedAt: newsletterSubscribers.consentedAt,
      consentSource: newsletterSubscribers.consentSource,
      consentWording: newsletterSubscribers.consentWording,
      unsubscribeToken: newsletterSubscribers.unsubscribeToken,
    })
    .from(newsletterSubscribers)
    .orderBy(newsletterSubscribers.email);

const deliveriesOf = (db: Database) =>
  db
    .select({
      email: newsletterSubscribers.email,
      status: newsletterDeliveries.status,
      post: posts.slug,
    })
    .from(newsletterDeliveries)
    .innerJoin(
      newsletterSubscribers,
      eq(newsletterSubscribers.id, newsletterDeliveries.subscriberId),
    )
    .innerJoin(
      newsletterSends,
      eq(newsletterSends.id, newsletterDeliveries.sendId),
    )
    .innerJoin(posts, eq(posts.id, newsletterSends.postId))
    .orderBy(newsletterSubscribers.email);

describe.each(testDatabaseKinds)(
  "the newsletter in the content archive on %s",
  // Each test builds a database of its own.
  { timeout: 120_000 },
  (kind) => {
    let source: TestDatabase;
    let archive: Buffer;
    beforeAll(async () => {
      source = await createTestDatabase(kind);
      const { db } = source;
      const postId = await publishedPost(db, {
        slug: "on-the-ridge",
        title: "On the ridge",
      });
      await db
        .insert(newsletterSubscribers)
        .values([
          subscriber("ana@example.org", "confirmed"),
          subscriber("ben@example.org", "confirmed"),
          subscriber("cy@example.org", "pending"),
          subscriber("dee@example.org", "unsubscribed"),
        ]);
      await queueSend(db, postId, "On the ridge");
      // Ana's mail went out; Ben's is still queued when the archive is made.
      const claimed = await claimDueDeliveries(db, 10, 60_000);
      await markDelivered(
        db,
        claimed.filter((row) => row.email === "ana@example.org"),
      );
      // A post scheduled for later, to be mailed once the scheduler publishes it.
      const draft = await createDraft(
        db,
        {
          ...emptyPostFields(),
          slug: "next-letter",
          title: "Next letter",
          excerpt: "Soon.",
          content: "<p>Soon.</p>",
          image: null,
          date: "2026-12-01",
          category: "Notes",
          author: "Jordan",
          meta: null,
        },
        { actor: "Jordan" },
      );
      if (draft.status !== "done") throw new Error("no draft");
      await schedulePost(
        db,
        {
          id: draft.post.id,
          baseVersion: draft.post.version,
          at: new Date("2036-01-01T09:00:00Z"),
        },
        { actor: "Jordan" },
      );
      await setScheduledSend(db, draft.post.id, true);
      archive = await exportArchive(db, new Date("2026-12-07T00:00:00Z"), HERE);
    }, 120_000);
    afterAll(() => source?.dispose());

    test("the archive holds every subscriber with its consent, and the send with its deliveries", async () => {
      const file = (await readArchive(archive)).find(
        (entry) => entry.path === FILE,
      );
      const parsed = JSON.parse(new TextDecoder().decode(file?.data)) as {
        subscribers: Array<{ email: string; consentWording: string }>;
        sends: Array<{ post: string; deliveries: unknown[] }>;
      };
      expect(parsed.subscribers.map((row) => row.email)).toEqual([
        "ana@example.org",
        "ben@example.org",
        "cy@example.org",
        "dee@example.org",
      ]);
      expect(parsed.subscribers[0]?.consentWording).toBe(
        "Join the list (ana@example.org)",
      );
      expect(parsed.sends).toHaveLength(1);
      expect(parsed.sends[0]?.post).toBe("on-the-ridge");
      expect(parsed.sends[0]?.deliveries).toHaveLength(2);
    });

    test("an import restores them as they were, sends nothing, and a leaver here stays left", async () => {
      const target = await createTestDatabase(kind);
      try {
        // Ben left this site after the archive was made; Eve left it too,
        // and the archive never knew her.
        await target.db
          .insert(newsletterSubscribers)
          .values([
            subscriber("ben@example.org", "unsubscribed"),
            subscriber("eve@example.org", "unsubscribed"),
          ]);
        await importArchive(target.db, archive, publicDir, HERE);
        const before = await subscribersOf(source.db);
        const after = await subscribersOf(target.db);
        expect(after.map(({ email, status }) => [email, status])).toEqual([
          ["ana@example.org", "confirmed"],
          ["ben@example.org", "unsubscribed"],
          ["cy@example.org", "pending"],
          ["dee@example.org", "unsubscribed"],
          ["eve@example.org", "unsubscribed"],
        ]);
        // The consent records and the links already mailed come back as they were.
        for (const row of before)
          expect(after).toContainEqual({ ...row, status: expect.any(String) });
        // Ana's sent mail is on record; Ben's queued one is not sent from here.
        expect(await deliveriesOf(target.db)).toEqual([
          { email: "ana@example.org", status: "sent", post: "on-the-ridge" },
          { email: "ben@example.org", status: "failed", post: "on-the-ridge" },
        ]);
        expect(await claimDueDeliveries(target.db, 10, 60_000)).toEqual([]);
        // The post has had its one send: asking again queues nothing.
        const [post] = await target.db
          .select({ id: posts.id })
          .from(posts)
          .where(eq(posts.slug, "on-the-ridge"));
        expect(await queueSend(target.db, post?.id ?? "", "Again")).toEqual({
          queued: false,
        });
        // The scheduled post is still to be mailed once it is out.
        const [scheduled] = await target.db
          .select({ id: studioPosts.postId })
          .from(studioPosts)
          .where(eq(studioPosts.slug, "next-letter"));
        expect(await hasScheduledSend(target.db, scheduled?.id ?? "")).toBe(
          true,
        );
      } finally {
        await target.dispose();
      }
    });

    test("a broken newsletter.json is named, and nothing of the archive is written", async () => {
      const files = (await readArchive(archive)).map((entry) =>
        entry.path === FILE
          ? {
              ...entry,
              data: new TextEncoder().encode(
                JSON.stringify({
                  subscribers: [{ email: "not an address" }],
                  sends: [],
                }),
              ),
            }
          : entry,
      );
      const target = await createTestDatabase(kind);
      try {
        const refused = await importArchive(
          target.db,
          await writeTarGz(files, new Date()),
          publicDir,
          HERE,
        ).catch((error: unknown) => error);
        expect(refused).toBeInstanceOf(ContentError);
        expect((refused as ContentError).problems.join("\n")).toMatch(
          /newsletter\.json: subscribers\.0\./,
        );
        expect(await target.db.select().from(posts)).toEqual([]);
        expect(await target.db.select().from(newsletterSubscribers)).toEqual(
          [],
        );
      } finally {
        await target.dispose();
      }
    });
  },
);
