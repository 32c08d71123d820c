import { expect, test } from "vitest";

import { emptyPostFields } from "~database/post-lifecycle/fields";
import { createDraft } from "~database/post-lifecycle/edit";
import { schedulePost } from "~database/post-lifecycle/publish";
import { readStudioPost } from "~/data/studio-posts.server";
import { createLogger } from "~shared/logger";
import { createTestDatabase } from "~tests/support/database";

import { startStudioScheduler } from "./studio-scheduler";

test("a server that was down when a post was due publishes it as it starts", async () => {
  const database = await createTestDatabase("pglite");
  try {
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
  } finally {
    await database.dispose();
  }
});
