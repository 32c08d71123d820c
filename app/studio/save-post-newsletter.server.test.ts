// "Also send to N subscribers" at publish or schedule time (docs/decisions/060):
// the send is queued after the publish (by the scheduler for a scheduled
// post), once ever, and only while the newsletter is on.
import { afterAll, beforeAll, describe, expect, test } from "vitest";

import { seedNewsletterSubscribers } from "~database/newsletter-fixture";
import { emptyPostFields } from "~database/post-lifecycle/fields";
import { createDraft } from "~database/post-lifecycle/edit";
import {
  hasScheduledSend,
  queueScheduledSends,
} from "~database/newsletter-scheduled";
import { publishDuePosts } from "~database/post-lifecycle/publish";
import {
  newsletterScheduledSends,
  newsletterSends,
  newsletterSettings,
} from "~database/schema";
import { createTestDatabase, testDatabaseKinds } from "~tests/support/database";
import type { TestDatabase } from "~tests/support/database";

import { handleSave } from "./save-post.server";

const owner = {
  id: "o",
  email: "o@example.org",
  name: "Jordan",
  role: "owner",
} as const;

const fields = (slug: string) => ({
  title: `Letter ${slug}`,
  slug,
  excerpt: "A letter to the list.",
  category: "Notes",
  author: "Jordan",
  date: "2026-11-27",
  image: "",
  content: "<p>Dear reader.</p>",
  meta: null,
});

describe.each(testDatabaseKinds)(
  "publishing with the newsletter on %s",
  (kind) => {
    let database: TestDatabase;
    beforeAll(async () => {
      database = await createTestDatabase(kind);
      await seedNewsletterSubscribers(database.db, 3);
    });
    afterAll(async () => {
      await database.dispose();
    });

    async function draft(slug: string) {
      const created = await createDraft(
        database.db,
        { ...emptyPostFields(), ...fields(slug), image: null },
        { actor: "Jordan" },
      );
      if (created.status !== "done") throw new Error("no draft");
      return created.post;
    }

    async function publish(
      post: { id: string; slug: string },
      version: number,
      alsoSend?: boolean,
    ) {
      const response = await handleSave({ db: database.db, owner }, post.id, {
        intent: "publish",
        baseVersion: version,
        post: fields(post.slug),
        ...(alsoSend === undefined ? {} : { alsoSend }),
      });
      const body = (await response.json()) as {
        status: string;
        post: { version: number };
        notice?: { title: string; description: string };
      };
      expect(body).toMatchObject({ status: "saved" });
      lastNotice = body.notice;
      return body.post.version;
    }
    let lastNotice: { title: string; description: string } | undefined;

    const sends = () =>
      database.db
        .select({
          postId: newsletterSends.postId,
          recipients: newsletterSends.recipients,
        })
        .from(newsletterSends);

    test("off: a publish asking to send queues nothing", async () => {
      const post = await draft("off-letter");
      await publish(post, post.version, true);
      expect(await sends()).toEqual([]);
    });

    test("on: the publish queues the post for every confirmed subscriber, once however often it is asked", async () => {
      await database.db
        .insert(newsletterSettings)
        .values({ enabled: true, listName: "Notes", promise: "New posts." })
        .onConflictDoUpdate({
          target: newsletterSettings.id,
          set: { enabled: true },
        });
      const quiet = await draft("quiet-letter");
      await publish(quiet, quiet.version);
      await publish(quiet, quiet.version + 1, false);
      expect(await sends()).toEqual([]);

      const post = await draft("on-letter");
      const version = await publish(post, post.version, true);
      expect(await sends()).toEqual([{ postId: post.id, recipients: 3 }]);
      expect(lastNotice).toEqual({
        title: "Published",
        description:
          "Visitors can read it at /post/on-letter. It is queued for the newsletter.",
      });
      await publish(post, version, true);
      expect(await sends()).toEqual([{ postId: post.id, recipients: 3 }]);
      expect(lastNotice?.description).not.toContain("newsletter");
    });

    const NOW = new Date("2026-12-01T08:00:00Z");
    const DUE = "2026-12-01T09:00:00.000Z";

    async function schedule(
      post: { id: string; slug: string },
      version: number,
      alsoSend: boolean,
    ) {
      const response = await handleSave(
        { db: database.db, owner },
        post.id,
        {
          intent: "schedule",
          baseVersion: version,
          post: fields(post.slug),
          scheduledAt: DUE,
          alsoSend,
        },
        NOW,
      );
      const body = (await response.json()) as {
        status: string;
        post: { version: number };
        notice?: { description: string };
      };
      expect(body).toMatchObject({ status: "saved" });
      return body;
    }

    /** What one pass of the scheduler (server/studio-scheduler.ts) does at ten, an hour after the posts were due. */
    async function schedulerPass() {
      await publishDuePosts(database.db, new Date("2026-12-01T10:00:00Z"));
      await queueScheduledSends(database.db);
    }

    const sentPosts = async () =>
      (await sends()).map((send) => send.postId).sort();

    test("on: a schedule asking to send records the wish, and the scheduler queues the send once the post is out, once ever", async () => {
      const before = await sentPosts();
      const post = await draft("scheduled-letter");
      const answer = await schedule(post, post.version, true);
      expect(answer.notice?.description).toBe(
        "It will be published at the chosen time. The newsletter will mail it then.",
      );
      expect(await hasScheduledSend(database.db, post.id)).toBe(true);
      expect(await sentPosts()).toEqual(before);

      await schedulerPass();
      expect(await sends()).toContainEqual({ postId: post.id, recipients: 3 });
      expect(await hasScheduledSend(database.db, post.id)).toBe(false);
      // Later passes (and other instances) find nothing more to queue.
      await database.db
        .insert(newsletterScheduledSends)
        .values({ postId: post.id });
      await schedulerPass();
      await schedulerPass();
      expect(
        (await sends()).filter((send) => send.postId === post.id),
      ).toHaveLength(1);
      expect(await hasScheduledSend(database.db, post.id)).toBe(false);
    });

    test("a schedule cancelled drops the wish; a schedule without the box records none", async () => {
      const before = await sentPosts();
      const cancelled = await draft("cancelled-letter");
      const scheduled = await schedule(cancelled, cancelled.version, true);
      const response = await handleSave(
        { db: database.db, owner },
        cancelled.id,
        {
          intent: "unschedule",
          baseVersion: scheduled.post.version,
          post: fields(cancelled.slug),
        },
        NOW,
      );
      expect(await response.json()).toMatchObject({
        status: "saved",
        notice: { title: "Schedule cancelled" },
      });
      expect(await hasScheduledSend(database.db, cancelled.id)).toBe(false);

      const quiet = await draft("unticked-letter");
      const answer = await schedule(quiet, quiet.version, false);
      expect(answer.notice?.description).toBe(
        "It will be published at the chosen time.",
      );
      await schedulerPass();
      expect(await sentPosts()).toEqual(before);
    });

    test("turned off meanwhile: the scheduled post comes out and nothing is queued, ever", async () => {
      const before = await sentPosts();
      const post = await draft("switched-off-letter");
      await schedule(post, post.version, true);
      await database.db.update(newsletterSettings).set({ enabled: false });
      await schedulerPass();
      expect(await hasScheduledSend(database.db, post.id)).toBe(false);
      await database.db.update(newsletterSettings).set({ enabled: true });
      await schedulerPass();
      expect(await sentPosts()).toEqual(before);
    });
  },
);
