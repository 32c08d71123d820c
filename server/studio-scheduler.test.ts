import { afterAll, beforeAll, expect, test } from "vitest";

import { emptyPostFields } from "~database/post-lifecycle/fields";
import { createDraft } from "~database/post-lifecycle/edit";
import { setScheduledSend } from "~database/newsletter-scheduled";
import { seedNewsletterSubscribers } from "~database/newsletter-fixture";
import { newsletterSends, newsletterSettings } from "~database/schema";
import { schedulePost } from "~database/post-lifecycle/publish";
import { readStudioPost } from "~/data/studio-posts.server";
import { createLogger } from "~shared/logger";
import { createTestDatabase } from "~tests/support/database";
import type { TestDatabase } from "~tests/support/database";

import { startStudioScheduler } from "./studio-scheduler";

// Built in a hook, with the hook's time limit: migrating a database is most
// of the test's time on a busy machine.
let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase("pglite");
});
afterAll(async () => {
  await database.dispose();
});

test("a server that was down when a post was due publishes it as it starts, and queues the newsletter send asked for", async () => {
  {
    const scheduledFrom = new Date("2026-11-22T08:00:00Z");
    const draft = await createDraft(
      database.db,
      {
        ...emptyPostFields(),
        slug: "while-we-were-down",
        title: "While we were down",
        excerpt: "",
        content: "<p>Due at nine.</p>",
        image: null,
        date: "2026-11-22",
        category: "Notes",
        author: "Jordan Avery",
        meta: null,
      },
      { actor: "Jordan Avery", now: scheduledFrom },
    );
    if (draft.status !== "done") throw new Error("no draft");
    // The owner ticked "Also send to N subscribers" as they scheduled it.
    await seedNewsletterSubscribers(database.db, 2);
    await database.db
      .insert(newsletterSettings)
      .values({ enabled: true, listName: "Notes", promise: "New posts." });
    await setScheduledSend(database.db, draft.post.id, true);
    await schedulePost(
      database.db,
      {
        id: draft.post.id,
        baseVersion: 1,
        at: new Date("2026-11-22T09:00:00Z"),
      },
      { actor: "Jordan Avery", now: scheduledFrom },
    );

    // The server comes back at ten: its first pass publishes the post.
    const scheduler = startStudioScheduler({
      db: database.db,
      logger: createLogger("silent"),
      now: () => new Date("2026-11-22T10:00:00Z"),
    });
    await scheduler.runOnce();
    await scheduler.stop();
    expect(await readStudioPost(database.db, draft.post.id)).toMatchObject({
      state: "published",
      live: true,
      scheduledAt: null,
    });
    // The same pass queued its newsletter send, after the publish.
    expect(
      await database.db
        .select({
          postId: newsletterSends.postId,
          recipients: newsletterSends.recipients,
        })
        .from(newsletterSends),
    ).toEqual([{ postId: draft.post.id, recipients: 2 }]);
  }
});
