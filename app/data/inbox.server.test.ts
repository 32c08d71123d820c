import { sql } from "drizzle-orm";
import { describe, expect, test } from "vitest";

import { mailOutbox, messages, studioActivity } from "~database/schema";
import { purgeTrash } from "~database/trash-purge";
import { createTestDatabase, testDatabaseKinds } from "~tests/support/database";

import {
  changeMessage,
  countUnread,
  listFailingMail,
  listMessages,
  openMessage,
  retryMail,
} from "./inbox.server";
import { submitContactMessage } from "./messages.server";
import { TRASH_MS } from "~shared/retention";

const options = {
  recipient: "owner@example.org",
  siteUrl: "https://jordanavery.example",
  productName: "Seasoned",
};
const owner = { actor: "Jordan Avery" };

async function send(
  db: Parameters<typeof submitContactMessage>[0],
  name: string,
) {
  const result = await submitContactMessage(
    db,
    { name, email: "riley@example.org", message: `Hello from ${name}` },
    options,
  );
  if (!result.ok || !result.id) throw new Error("not stored");
  return result.id;
}

describe.each(testDatabaseKinds)(
  "the studio inbox on %s",
  { timeout: 60_000 },
  (kind) => {
    test("messages arrive unread, newest first; opening one reads it, and the owner can mark it unread", async () => {
      const database = await createTestDatabase(kind);
      try {
        const { db } = database;
        const first = await send(db, "Riley");
        await db.execute(
          sql`update messages set created_at = now() - interval '1 hour' where id = ${first}`,
        );
        const second = await send(db, "Sam");
        expect((await listMessages(db, "inbox")).map((m) => m.name)).toEqual([
          "Sam",
          "Riley",
        ]);
        expect(await countUnread(db)).toBe(2);

        const opened = await openMessage(db, first);
        expect(opened).toMatchObject({
          name: "Riley",
          message: "Hello from Riley",
          folder: "inbox",
          delivery: { state: "pending", attempts: 0 },
        });
        expect(opened?.readAt).not.toBeNull();
        expect(await countUnread(db)).toBe(1);

        await changeMessage(db, first, "unread", owner);
        expect(await countUnread(db)).toBe(2);
        expect(await openMessage(db, crypto.randomUUID())).toBeNull();
        expect(
          await changeMessage(db, crypto.randomUUID(), "archive", owner),
        ).toBeNull();
        expect(second).toBeTruthy();
      } finally {
        await database.dispose();
      }
    });

    test("archive, trash and restore move a message between folders; each is in the activity log", async () => {
      const database = await createTestDatabase(kind);
      try {
        const { db } = database;
        const id = await send(db, "Riley");
        const folderNames = async () => ({
          inbox: (await listMessages(db, "inbox")).length,
          archived: (await listMessages(db, "archived")).length,
          trash: (await listMessages(db, "trash")).length,
        });
        await changeMessage(db, id, "archive", owner);
        expect(await folderNames()).toEqual({
          inbox: 0,
          archived: 1,
          trash: 0,
        });
        expect(await countUnread(db)).toBe(0);
        await changeMessage(db, id, "unarchive", owner);
        expect(await folderNames()).toEqual({
          inbox: 1,
          archived: 0,
          trash: 0,
        });
        await changeMessage(db, id, "trash", owner);
        expect(await folderNames()).toEqual({
          inbox: 0,
          archived: 0,
          trash: 1,
        });
        await changeMessage(db, id, "restore", owner);
        expect(await folderNames()).toEqual({
          inbox: 1,
          archived: 0,
          trash: 0,
        });

        const log = await db
          .select()
          .from(studioActivity)
          .orderBy(studioActivity.createdAt);
        expect(log.map((entry) => entry.action)).toEqual([
          "archive",
          "unarchive",
          "delete",
          "restore",
        ]);
        expect(log[0]).toMatchObject({
          subjectType: "message",
          subjectId: id,
          summary: "Message from Riley",
          actor: "Jordan Avery",
        });
      } finally {
        await database.dispose();
      }
    });

    test("the trash is purged the trash period after deletion, with the message's mail", async () => {
      const database = await createTestDatabase(kind);
      try {
        const { db } = database;
        const old = await send(db, "Riley");
        const recent = await send(db, "Sam");
        const now = new Date();
        await changeMessage(db, old, "trash", {
          ...owner,
          now: new Date(now.getTime() - TRASH_MS - 86_400_000),
        });
        await changeMessage(db, recent, "trash", {
          ...owner,
          now: new Date(now.getTime() - TRASH_MS + 86_400_000),
        });
        expect(await purgeTrash(db, now)).toHaveLength(1);
        expect(
          (await db.select({ id: messages.id }).from(messages)).map(
            (row) => row.id,
          ),
        ).toEqual([recent]);
        expect(await db.$count(mailOutbox)).toBe(1);
      } finally {
        await database.dispose();
      }
    });

    test("a failing mail shows its attempts and error; only a failing mail can be retried", async () => {
      const database = await createTestDatabase(kind);
      try {
        const { db } = database;
        const id = await send(db, "Riley");
        expect(await retryMail(db, id, owner)).toBe("not-failing");
        await db
          .update(mailOutbox)
          .set({
            attempts: 3,
            lastError: "connect ECONNREFUSED 127.0.0.1:25",
            nextAttemptAt: sql`now() + interval '10 minutes'`,
          })
          .where(sql`${mailOutbox.messageId} = ${id}`);
        const [failing] = await listFailingMail(db);
        expect(failing?.delivery).toMatchObject({
          state: "failing",
          attempts: 3,
          lastError: "connect ECONNREFUSED 127.0.0.1:25",
        });
        expect(await retryMail(db, id, owner)).toBe("queued");
        const [row] = await db
          .select({
            due: sql<boolean>`${mailOutbox.nextAttemptAt} <= now()`,
          })
          .from(mailOutbox);
        expect(row?.due).toBe(true);
        expect(await retryMail(db, crypto.randomUUID(), owner)).toBe("missing");

        await db.update(mailOutbox).set({ sentAt: sql`now()` });
        expect(await listFailingMail(db)).toEqual([]);
        expect(await retryMail(db, id, owner)).toBe("not-failing");
        expect((await openMessage(db, id))?.delivery.state).toBe("sent");
      } finally {
        await database.dispose();
      }
    });
  },
);
