// The studio's message inbox: contact messages as the owner reads them, each
// with the state of its notification mail from the outbox (server/outbox.ts).
// A message is in the inbox, archived, or in the one trash
// (database/message-trash.ts: restorable for the trash period, then purged
// with its outbox row). Nothing edits a message's text, so no change here can be outdated:
// moves between folders are idempotent (docs/decisions/045). Every change the owner makes says
// what happened in the activity log, in the same transaction.
import { and, desc, eq, isNotNull, isNull, not, sql } from "drizzle-orm";

import type { Database } from "~database/client";
import { mailOutbox, messages, trash } from "~database/schema";
import { recordActivity } from "~database/activity";
import {
  messageTitle,
  restoreMessage,
  trashMessage,
} from "~database/message-trash";
import { amongTrashed, inTrash } from "~database/trash";
import { pageCountOf } from "~/lib/pagination";
import type { InboxFolder, MessageChange } from "~/studio/message-schema";

export type { InboxFolder, MessageChange } from "~/studio/message-schema";

export type MailDelivery =
  /** The SMTP server accepted it. */
  | { state: "sent"; sentAt: string }
  /** Waiting for its first (or next) attempt, or being sent right now. */
  | { state: "pending"; attempts: number; nextAttemptAt: string }
  /** The last attempt failed; the outbox tries again at nextAttemptAt. */
  | {
      state: "failing";
      attempts: number;
      nextAttemptAt: string;
      lastError: string;
    }
  /** No notification was queued (a message written by hand). */
  | { state: "none" };

export interface InboxMessage {
  id: string;
  name: string;
  email: string;
  message: string;
  createdAt: string;
  readAt: string | null;
  archivedAt: string | null;
  deletedAt: string | null;
  folder: InboxFolder;
  delivery: MailDelivery;
}

/** Everything a list shows of a message and its mail: the message's text is left out. */
const listColumns = {
  id: messages.id,
  name: messages.name,
  email: messages.email,
  createdAt: messages.createdAt,
  readAt: messages.readAt,
  archivedAt: messages.archivedAt,
  // When it went in the trash: its entry's time, looked up through the trash's key.
  deletedAt:
    sql<Date | null>`(select ${trash.deletedAt} from ${trash} where ${trash.kind} = 'message' and ${trash.itemId} = ${messages.id})`.mapWith(
      trash.deletedAt,
    ),
  attempts: mailOutbox.attempts,
  sentAt: mailOutbox.sentAt,
  nextAttemptAt: mailOutbox.nextAttemptAt,
  lastError: mailOutbox.lastError,
};

const columns = { ...listColumns, message: messages.message };

interface Row {
  id: string;
  name: string;
  email: string;
  message: string;
  createdAt: Date;
  readAt: Date | null;
  archivedAt: Date | null;
  deletedAt: Date | null;
  attempts: number | null;
  sentAt: Date | null;
  nextAttemptAt: Date | null;
  lastError: string | null;
}

/**
 * A mail is failing when its last finished attempt failed: the outbox clears
 * last_error when it claims a mail, so one being sent right now is pending.
 */
function deliveryOf(row: Row): MailDelivery {
  if (row.attempts === null || row.nextAttemptAt === null)
    return { state: "none" };
  if (row.sentAt) return { state: "sent", sentAt: row.sentAt.toISOString() };
  const nextAttemptAt = row.nextAttemptAt.toISOString();
  if (row.attempts > 0 && row.lastError)
    return {
      state: "failing",
      attempts: row.attempts,
      nextAttemptAt,
      lastError: row.lastError,
    };
  return { state: "pending", attempts: row.attempts, nextAttemptAt };
}

function describe(row: Row): InboxMessage {
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    message: row.message,
    createdAt: row.createdAt.toISOString(),
    readAt: row.readAt?.toISOString() ?? null,
    archivedAt: row.archivedAt?.toISOString() ?? null,
    deletedAt: row.deletedAt?.toISOString() ?? null,
    folder: row.deletedAt ? "trash" : row.archivedAt ? "archived" : "inbox",
    delivery: deliveryOf(row),
  };
}

// The inbox and the archive walk their own index, leaving out what is in
// the trash; the trash folder reads the trash's messages and finds each by its key.
const trashed = inTrash("message", messages.id);

const inFolder = {
  inbox: and(not(trashed), isNull(messages.archivedAt)),
  archived: and(not(trashed), isNotNull(messages.archivedAt)),
  trash: amongTrashed("message", messages.id),
} satisfies Record<InboxFolder, unknown>;

/** Messages with their notification mail (a message may have none). */
function selectMessages(db: Database) {
  return db
    .select(columns)
    .from(messages)
    .leftJoin(mailOutbox, eq(mailOutbox.messageId, messages.id))
    .$dynamic();
}

/** One folder's messages, newest first. */
export async function listMessages(
  db: Database,
  folder: InboxFolder,
  limit = 200,
): Promise<InboxMessage[]> {
  const rows = await selectMessages(db)
    .where(inFolder[folder])
    .orderBy(desc(messages.createdAt), desc(messages.id))
    .limit(limit);
  return rows.map(describe);
}

/** Messages a page in the inbox's folders. */
export const INBOX_PAGE_SIZE = 25;

/** Characters of a message the list shows, its white space run together. */
const PREVIEW_LENGTH = 140;

export interface InboxListItem {
  id: string;
  name: string;
  email: string;
  /** The message's start, white space run together; never the whole text. */
  preview: string;
  createdAt: string;
  unread: boolean;
  deletedAt: string | null;
  delivery: MailDelivery;
}

/** The query of one page of a folder (its plan is tested at 5,000 messages). */
export function messagePageQuery(
  db: Database,
  folder: InboxFolder,
  page: number,
  pageSize = INBOX_PAGE_SIZE,
) {
  return db
    .select({
      ...listColumns,
      // A few times the preview, so white space run together still fills it.
      start: sql<string>`left(${messages.message}, ${PREVIEW_LENGTH * 4})`,
    })
    .from(messages)
    .leftJoin(mailOutbox, eq(mailOutbox.messageId, messages.id))
    .where(inFolder[folder])
    .orderBy(desc(messages.createdAt), desc(messages.id))
    .limit(pageSize)
    .offset((page - 1) * pageSize);
}

/**
 * One page of a folder, newest first, with the folder's count: each message's
 * start only (cut in the query), through the folder's partial index.
 */
export async function listMessagePage(
  db: Database,
  folder: InboxFolder,
  page: number,
  pageSize = INBOX_PAGE_SIZE,
): Promise<{ messages: InboxListItem[]; total: number; pageCount: number }> {
  const [rows, total] = await Promise.all([
    messagePageQuery(db, folder, page, pageSize),
    db.$count(messages, inFolder[folder]),
  ]);
  return {
    messages: rows.map(({ start, ...row }) => {
      const message = describe({ ...row, message: "" });
      return {
        id: message.id,
        name: message.name,
        email: message.email,
        preview: start.replace(/\s+/g, " ").slice(0, PREVIEW_LENGTH),
        createdAt: message.createdAt,
        unread: message.readAt === null,
        deletedAt: message.deletedAt,
        delivery: message.delivery,
      };
    }),
    total,
    pageCount: pageCountOf(total, pageSize),
  };
}

/** Unread messages in the inbox (the number beside "Messages" in the studio's navigation). */
export async function countUnread(db: Database): Promise<number> {
  return db.$count(messages, and(inFolder.inbox, isNull(messages.readAt)));
}

async function readRow(db: Database, id: string): Promise<Row | undefined> {
  const [row] = await selectMessages(db).where(eq(messages.id, id));
  return row;
}

/** One message, marked read as the owner opens it; null when there is none. */
export async function openMessage(
  db: Database,
  id: string,
  now = new Date(),
): Promise<InboxMessage | null> {
  await db
    .update(messages)
    .set({ readAt: now })
    .where(and(eq(messages.id, id), isNull(messages.readAt)));
  const row = await readRow(db, id);
  return row ? describe(row) : null;
}

const changeActivity: Record<MessageChange, string> = {
  unread: "mark-unread",
  archive: "archive",
  unarchive: "unarchive",
  trash: "delete",
  restore: "restore",
};

interface ChangeContext {
  actor: string;
  now?: Date;
}

/** Applies one of the owner's changes to a message; null when there is no such message. */
export async function changeMessage(
  db: Database,
  id: string,
  change: MessageChange,
  { actor, now = new Date() }: ChangeContext,
): Promise<InboxMessage | null> {
  const set = {
    unread: { readAt: null },
    archive: { archivedAt: now },
    unarchive: { archivedAt: null },
    trash: null,
    restore: null,
  }[change];
  const changed = await db.transaction(async (tx) => {
    const [row] = set
      ? await tx
          .update(messages)
          .set(set)
          .where(eq(messages.id, id))
          .returning({ id: messages.id, name: messages.name })
      : await tx
          .select({ id: messages.id, name: messages.name })
          .from(messages)
          .where(eq(messages.id, id))
          .for("update");
    if (!row) return false;
    const title = messageTitle(row.name);
    if (change === "trash") await trashMessage(tx, row, now);
    if (change === "restore") await restoreMessage(tx, row.id);
    await recordActivity(tx, {
      action: changeActivity[change],
      subjectType: "message",
      subjectId: row.id,
      summary: title,
      actor,
    });
    return true;
  });
  if (!changed) return null;
  const row = await readRow(db, id);
  return row ? describe(row) : null;
}

export type RetryResult = "queued" | "not-failing" | "missing";

/**
 * Makes a failing notification due now, so the outbox tries it on its next
 * round. Only a mail whose last attempt failed qualifies: one the outbox is
 * sending right now has no last_error (the claim clears it), so it is never
 * made due a second time while in flight, and a mail is never sent twice.
 */
export async function retryMail(
  db: Database,
  messageId: string,
  { actor }: ChangeContext,
): Promise<RetryResult> {
  return db.transaction(async (tx) => {
    const [message] = await tx
      .select({ name: messages.name })
      .from(messages)
      .where(eq(messages.id, messageId));
    if (!message) return "missing";
    const retried = await tx
      .update(mailOutbox)
      .set({ nextAttemptAt: sql`now()` })
      .where(
        and(
          eq(mailOutbox.messageId, messageId),
          isNull(mailOutbox.sentAt),
          isNotNull(mailOutbox.lastError),
          sql`${mailOutbox.attempts} > 0`,
        ),
      )
      .returning({ id: mailOutbox.id });
    if (retried.length === 0) return "not-failing";
    await recordActivity(tx, {
      action: "retry-mail",
      subjectType: "message",
      subjectId: messageId,
      summary: messageTitle(message.name),
      actor,
    });
    return "queued";
  });
}

/** Messages whose notification is failing (the dashboard's warning), newest first. */
export async function listFailingMail(
  db: Database,
  limit = 10,
): Promise<InboxMessage[]> {
  const rows = await selectMessages(db)
    .where(
      and(
        isNull(mailOutbox.sentAt),
        isNotNull(mailOutbox.lastError),
        sql`${mailOutbox.attempts} > 0`,
      ),
    )
    .orderBy(desc(messages.createdAt))
    .limit(limit);
  return rows.map(describe);
}
