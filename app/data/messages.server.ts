// Contact messages (docs/CONTENT.md, Messages: stored first, then the owner notified).
// The row and its notification mail are written in one transaction, so a
// message the visitor was told about is never without its mail, and a mail is
// never sent for a message that was not kept. The outbox worker
// (server/outbox.ts) delivers the mail afterwards.
import { randomUUID } from "node:crypto";

import { desc, eq, sql } from "drizzle-orm";

import type { Database } from "~database/client";
import { mailOutbox, messages } from "~database/schema";
import { pageTitle } from "~/config/site";
import type { SiteSettings } from "~/config/site";
import { IDEMPOTENCY_FIELD } from "~/lib/contact";
import type { ContactField } from "~/lib/contact";
import { checkContact } from "~/lib/contact-schema";
import type { ContactCheck, ContactInput } from "~/lib/contact-schema";
import type { Env } from "~shared/env";

export interface NotificationOptions {
  /** Who receives the notification: CONTACT_TO, or the site's contact recipient. */
  recipient: string;
  /** The public origin, named in the mail so the owner knows where it came from. */
  siteUrl: string;
  /** The product name as saved, in the subject like a page title's. */
  productName: string;
}

/**
 * How a message is announced under the settings as saved: to CONTACT_TO
 * when the server sets it (it wins over the saved recipient), otherwise to
 * the saved contact recipient.
 */
export function notificationFor(
  env: Pick<Env, "CONTACT_TO" | "SITE_URL">,
  settings: Pick<SiteSettings, "contactRecipient" | "productName">,
): NotificationOptions {
  return {
    recipient: env.CONTACT_TO ?? settings.contactRecipient,
    siteUrl: env.SITE_URL,
    productName: settings.productName,
  };
}

export type SubmitResult =
  | Extract<ContactCheck, { ok: false }>
  /** `id` is undefined when the message was already stored from the same form (a resend). */
  | { ok: true; id: string | undefined };

/**
 * The idempotency key a form carried, when it is one the site could have
 * made; anything else is ignored (the message is stored as one without a
 * key), since the visitor can do nothing about it.
 */
export function idempotencyKeyOf(form: FormData): string | undefined {
  const value = form.get(IDEMPOTENCY_FIELD);
  return typeof value === "string" && /^[\w-]{16,64}$/.test(value)
    ? value
    : undefined;
}

/**
 * Validates a submission and, when it is good, stores it with its
 * notification, once per idempotency key: a visitor who sends again because
 * the answer was lost is answered as the first time, and nothing new is stored.
 */
export async function submitContactMessage(
  db: Database,
  values: Record<ContactField, unknown>,
  options: NotificationOptions,
  idempotencyKey?: string,
): Promise<SubmitResult> {
  const check = checkContact(values);
  if (!check.ok) return check;
  try {
    const id = await saveContactMessage(
      db,
      check.data,
      options,
      idempotencyKey,
    );
    return { ok: true, id };
  } catch (error) {
    // The statement stored neither the message nor its mail.
    if (idempotencyKey && isIdempotencyConflict(error))
      return { ok: true, id: undefined };
    throw error;
  }
}

const KEY_CONSTRAINT = "messages_idempotency_key_unique";

/** A unique violation of the idempotency key, from either driver (the cause of drizzle's wrapper). */
function isIdempotencyConflict(error: unknown): boolean {
  for (let cause = error; cause instanceof Error; cause = cause.cause) {
    const { code, constraint } = cause as {
      code?: unknown;
      constraint?: unknown;
    };
    if (
      code === "23505" &&
      (constraint === KEY_CONSTRAINT || cause.message.includes(KEY_CONSTRAINT))
    )
      return true;
  }
  return false;
}

const param = (name: keyof ContactRow) => sql.placeholder(name);

// A type, not an interface: execute() takes a Record of placeholder values.
type ContactRow = {
  id: string;
  idempotencyKey: string | null;
  name: string;
  email: string;
  message: string;
  recipient: string;
  subject: string;
  body: string;
};

/**
 * Both inserts as one statement: a statement is its own transaction, so the
 * message and its mail still commit or fail together, in one round trip
 * instead of four (BEGIN, two inserts, COMMIT). The id is chosen here because
 * the mail's body names it. Prepared once per database: the SQL is built once,
 * and PostgreSQL parses it once per connection.
 */
function prepareSave(db: Database) {
  const message = db.$with("message").as(
    db
      .insert(messages)
      .values({
        id: param("id"),
        idempotencyKey: param("idempotencyKey"),
        name: param("name"),
        email: param("email"),
        message: param("message"),
      })
      .returning({ id: messages.id }),
  );
  return db
    .with(message)
    .insert(mailOutbox)
    .values({
      messageId: param("id"),
      recipient: param("recipient"),
      replyTo: param("email"),
      subject: param("subject"),
      body: param("body"),
    })
    .prepare("save_contact_message");
}

const preparedSaves = new WeakMap<Database, ReturnType<typeof prepareSave>>();

export async function saveContactMessage(
  db: Database,
  input: ContactInput,
  options: NotificationOptions,
  idempotencyKey?: string,
): Promise<string> {
  let save = preparedSaves.get(db);
  if (!save) {
    save = prepareSave(db);
    preparedSaves.set(db, save);
  }
  const id = randomUUID();
  const row: ContactRow = {
    id,
    idempotencyKey: idempotencyKey ?? null,
    ...input,
    recipient: options.recipient,
    subject: `New message from ${input.name} (${pageTitle("Contact", options.productName)})`,
    body: notificationBody(input, id, options.siteUrl),
  };
  await save.execute(row);
  return id;
}

function notificationBody(
  input: ContactInput,
  id: string,
  siteUrl: string,
): string {
  return [
    `${input.name} <${input.email}> wrote through the contact form on ${siteUrl}/contact:`,
    "",
    input.message,
    "",
    "--",
    "Reply to this mail to answer them directly.",
    `Message ${id}`,
  ].join("\n");
}

export interface MessageDelivery {
  id: string;
  name: string;
  email: string;
  message: string;
  createdAt: Date;
  attempts: number | null;
  sentAt: Date | null;
  nextAttemptAt: Date | null;
  lastError: string | null;
}

/** Recent messages with the state of their notification mail, newest first (for `npm run messages`). */
export async function readRecentMessages(
  db: Database,
  limit: number,
): Promise<MessageDelivery[]> {
  return db
    .select({
      id: messages.id,
      name: messages.name,
      email: messages.email,
      message: messages.message,
      createdAt: messages.createdAt,
      attempts: mailOutbox.attempts,
      sentAt: mailOutbox.sentAt,
      nextAttemptAt: mailOutbox.nextAttemptAt,
      lastError: mailOutbox.lastError,
    })
    .from(messages)
    .leftJoin(mailOutbox, eq(mailOutbox.messageId, messages.id))
    .orderBy(desc(messages.createdAt))
    .limit(limit);
}
