import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";

import { createTestDatabase, testDatabaseKinds } from "~tests/support/database";
import type { TestDatabase } from "~tests/support/database";

import { listActivity } from "./activity";
import {
  coreValues,
  mailOutbox,
  messages,
  postSlugRedirects,
  studioPostRevisions,
  studioPosts,
} from "./schema";
import { sectionTables } from "./section-tables";
import {
  listTrash,
  putInTrash,
  takeOutOfTrash,
  trashEntry,
  trashPurgeCutoff,
} from "./trash";
import { purgeTrash } from "./trash-purge";

const day = 24 * 60 * 60 * 1000;
const now = new Date("2026-11-20T12:00:00.000Z");
const daysAgo = (days: number) => new Date(now.getTime() - days * day);

describe.each(testDatabaseKinds)("the one trash on %s", (kind) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase(kind);
  });
  afterAll(async () => {
    await database.dispose();
  });

  test("an item goes in once, is listed newest first by kind, and comes out with what it saved", async () => {
    const { db } = database;
    const first = crypto.randomUUID();
    const second = crypto.randomUUID();
    await putInTrash(db, {
      kind: "core_values",
      itemId: first,
      title: "First",
      saved: { id: first, title: "First" },
      now: daysAgo(2),
    });
    await putInTrash(db, {
      kind: "core_values",
      itemId: second,
      title: "Second",
      now: daysAgo(1),
    });
    // A resent delete keeps the entry as it went in.
    await putInTrash(db, {
      kind: "core_values",
      itemId: first,
      title: "Renamed",
      now,
    });
    expect(
      (await listTrash(db, "core_values")).map((entry) => entry.title),
    ).toEqual(["Second", "First"]);
    expect(await listTrash(db, "leadership_lessons")).toEqual([]);
    expect(await trashEntry(db, "core_values", first)).toEqual({
      kind: "core_values",
      itemId: first,
      title: "First",
      saved: { id: first, title: "First" },
      deletedAt: daysAgo(2),
    });
    expect(await trashEntry(db, "post", first)).toBeNull();
    expect((await takeOutOfTrash(db, "core_values", first))?.saved).toEqual({
      id: first,
      title: "First",
    });
    expect(await takeOutOfTrash(db, "core_values", first)).toBeNull();
    expect(await takeOutOfTrash(db, "core_values", second)).toMatchObject({
      saved: null,
    });
  });

  test("one purge forgets every kind kept the trash period, with the rows each keeps elsewhere", async () => {
    const { db } = database;
    const draft = async (slug: string, title: string) =>
      (
        await db
          .insert(studioPosts)
          .values({
            slug,
            title,
            excerpt: "",
            content: "",
            date: "2026-01-01",
            category: "Travel Log",
            author: "Jordan Avery",
          })
          .returning()
      )[0];
    const post = await draft("purged-post", "Purged post");
    const keptPost = await draft("kept-post", "Kept post");
    const [message] = await db
      .insert(messages)
      .values({ name: "Riley", email: "riley@example.org", message: "Hi" })
      .returning();
    if (!post || !keptPost || !message) throw new Error("insert failed");
    await db.insert(studioPostRevisions).values({
      postId: post.postId,
      version: 1,
      kind: "save",
      snapshot: {},
    });
    await db
      .insert(postSlugRedirects)
      .values({ oldSlug: "purged-post-before", postId: post.postId });
    await db.insert(mailOutbox).values({
      messageId: message.id,
      recipient: "owner@example.org",
      subject: "New message",
      body: "Hi",
    });
    const row = crypto.randomUUID();
    // Exactly the trash period is kept long enough; a minute less is not.
    await putInTrash(db, {
      kind: "post",
      itemId: post.postId,
      title: "Purged post",
      now: trashPurgeCutoff(now),
    });
    await putInTrash(db, {
      kind: "post",
      itemId: keptPost.postId,
      title: "Kept post",
      now: new Date(trashPurgeCutoff(now).getTime() + 60_000),
    });
    await putInTrash(db, {
      kind: "message",
      itemId: message.id,
      title: "Message from Riley",
      now: daysAgo(45),
    });
    await putInTrash(db, {
      kind: "core_values",
      itemId: row,
      title: "Old value",
      saved: { id: row },
      now: daysAgo(31),
    });

    const purged = await purgeTrash(db, now);
    expect(
      purged.map((item) => [item.kind, item.itemId, item.title]).sort(),
    ).toEqual(
      [
        ["post", post.postId, "Purged post"],
        ["message", message.id, "Message from Riley"],
        ["core_values", row, "Old value"],
      ].sort(),
    );
    expect(
      await db.$count(studioPosts, eq(studioPosts.postId, post.postId)),
    ).toBe(0);
    expect(
      await db.$count(
        studioPostRevisions,
        eq(studioPostRevisions.postId, post.postId),
      ),
    ).toBe(0);
    expect(
      await db.$count(
        postSlugRedirects,
        eq(postSlugRedirects.postId, post.postId),
      ),
    ).toBe(0);
    expect(await db.$count(messages, eq(messages.id, message.id))).toBe(0);
    expect(
      await db.$count(mailOutbox, eq(mailOutbox.messageId, message.id)),
    ).toBe(0);
    expect(await trashEntry(db, "post", keptPost.postId)).not.toBeNull();
    expect(
      await db.$count(studioPosts, eq(studioPosts.postId, keptPost.postId)),
    ).toBe(1);
    const log = (await listActivity(db, 50)).filter(
      (entry) => entry.action === "purge",
    );
    expect(
      log
        .map((entry) => [entry.subjectType, entry.summary, entry.actor])
        .sort(),
    ).toEqual(
      [
        ["post", "Purged post", "Trash"],
        ["message", "Message from Riley", "Trash"],
        ["core_values", "Old value", "Trash"],
      ].sort(),
    );
    // Purges running at once forget each item once.
    const again = await Promise.all([
      purgeTrash(db, new Date(now.getTime() + day)),
      purgeTrash(db, new Date(now.getTime() + day)),
    ]);
    expect(again.flat().map((item) => item.itemId)).toEqual([keptPost.postId]);
  });

  test("a section row's version moves on when its content changes, whoever changes it, and not for its place", async () => {
    const { db } = database;
    const [row] = await db
      .insert(coreValues)
      .values({ title: "Honesty", description: "Say it", icon: "Heart" })
      .returning();
    if (!row) throw new Error("insert failed");
    expect(row.version).toBe(1);
    const version = async () =>
      (
        await db
          .select({ version: coreValues.version })
          .from(coreValues)
          .where(eq(coreValues.id, row.id))
      )[0]?.version;
    await db.execute(
      sql`update core_values set display_order = 7 where id = ${row.id}`,
    );
    expect(await version()).toBe(1);
    await db.execute(
      sql`update core_values set description = description where id = ${row.id}`,
    );
    expect(await version()).toBe(1);
    await db.execute(
      sql`update core_values set description = 'Say it kindly' where id = ${row.id}`,
    );
    expect(await version()).toBe(2);
    // Every section table of the registry has the rule.
    const triggers = await db.execute(sql`
      select event_object_table as name from information_schema.triggers
      where trigger_name like '%_bump_version' and event_manipulation = 'UPDATE'`);
    expect(
      (triggers as { rows: Array<{ name: string }> }).rows
        .map((trigger) => trigger.name)
        .sort(),
    ).toEqual(Object.keys(sectionTables).sort());
  });
});
