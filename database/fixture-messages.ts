// Contact messages for measuring the studio's inbox at scale
// (app/data/studio-lists.server.test.ts, scripts/lib/studio-fixture.ts): the
// same count always gives the same messages, written with the posts'
// fixture's seeded generator and sentences.
import { sql } from "drizzle-orm";

import type { Database } from "./client";
import { generator, sentences, topics } from "./fixture";
import { mailOutbox, messages, trash } from "./schema";
import { messageTitle } from "./message-trash";

const senders = [
  "Riley Chen",
  "Sam Okafor",
  "Priya Natarajan",
  "Mateo Alvarez",
  "Hannah Berg",
  "Kofi Mensah",
  "Lena Fischer",
  "Yuki Tanaka",
];

/**
 * `count` contact messages, newest an hour before `newest` and one every
 * ~2 hours before it, each with its notification mail (sent). Most are read,
 * one in ten archived, one in fifty in the trash.
 */
export async function seedFixtureMessages(
  db: Database,
  count: number,
  newest = new Date(),
): Promise<number> {
  const random = generator(count + 1);
  let added = 0;
  for (let first = 0; first < count; first += 500) {
    const batch = Array.from(
      { length: Math.min(500, count - first) },
      (_, offset) => first + offset,
    );
    const values = batch.map((index) => {
      const name = random.pick(senders);
      const createdAt = new Date(
        newest.getTime() - (index * 2 + 1) * 3_600_000,
      );
      const topic = random.pick(Object.values(topics).flat());
      const message = Array.from(
        { length: 2 + Math.floor(random.next() * 6) },
        () => random.pick(sentences).replace("{topic}", topic),
      ).join(" ");
      return {
        name,
        email: `${name.split(" ")[0]?.toLowerCase() ?? "reader"}.${index}@example.org`,
        message,
        createdAt,
        idempotencyKey: `fixture-message-${index}`,
        readAt: index < 12 ? null : createdAt,
        archivedAt: index % 10 === 5 ? createdAt : null,
      };
    });
    // One in fifty in the trash, deleted as it came.
    const trashed = new Set(
      batch
        .filter((index) => index % 50 === 7)
        .map((index) => `fixture-message-${index}`),
    );
    const rows = await db
      .insert(messages)
      .values(values)
      .onConflictDoNothing({ target: messages.idempotencyKey })
      .returning({
        id: messages.id,
        name: messages.name,
        email: messages.email,
        createdAt: messages.createdAt,
        idempotencyKey: messages.idempotencyKey,
      });
    added += rows.length;
    if (rows.length === 0) continue;
    const toTrash = rows.filter((row) => trashed.has(row.idempotencyKey ?? ""));
    if (toTrash.length > 0)
      await db.insert(trash).values(
        toTrash.map((row) => ({
          kind: "message",
          itemId: row.id,
          title: messageTitle(row.name),
          deletedAt: row.createdAt,
        })),
      );
    await db.insert(mailOutbox).values(
      rows.map((row) => ({
        messageId: row.id,
        recipient: "owner@example.org",
        replyTo: row.email,
        subject: `New message from ${row.name}`,
        body: `${row.name} <${row.email}> wrote through the contact form.`,
        attempts: 1,
        nextAttemptAt: row.createdAt,
        sentAt: row.createdAt,
        createdAt: row.createdAt,
      })),
    );
  }
  await db.execute(sql`vacuum analyze messages`);
  await db.execute(sql`vacuum analyze trash`);
  await db.execute(sql`vacuum analyze mail_outbox`);
  return added;
}
