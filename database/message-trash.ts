// A message's trash: the message stays in its table while its entry is in
// the one trash (database/trash.ts), so the inbox and the archive leave it
// out and the trash folder lists it; the purge forgets the message itself.
import { inArray } from "drizzle-orm";

import type { Transaction } from "./client";
import { messages } from "./schema";
import { putInTrash, takeOutOfTrash } from "./trash";

/** What the trash and the activity log call a message (drizzle/0018_one_trash.sql says it too). */
export function messageTitle(name: string): string {
  return `Message from ${name}`;
}

/** Puts a message in the trash, in the caller's transaction (restorable for the trash period, shared/retention.ts). */
export function trashMessage(
  tx: Transaction,
  message: { id: string; name: string },
  now: Date,
): Promise<void> {
  return putInTrash(tx, {
    kind: "message",
    itemId: message.id,
    title: messageTitle(message.name),
    now,
  });
}

/** Takes a message out of the trash, in the caller's transaction. */
export async function restoreMessage(
  tx: Transaction,
  id: string,
): Promise<void> {
  await takeOutOfTrash(tx, "message", id);
}

/** The purge's rule for messages: the messages go, their notification mail with them (on delete cascade). */
export async function purgeMessages(
  tx: Transaction,
  ids: string[],
): Promise<void> {
  await tx.delete(messages).where(inArray(messages.id, ids));
}
