import { sql } from "drizzle-orm";
import { describe, expect, test } from "vitest";

import { defaultSettings } from "~/config/default-settings";
import { mailOutbox, messages } from "~database/schema";
import { createTestDatabase, testDatabaseKinds } from "~tests/support/database";

import {
  notificationFor,
  readRecentMessages,
  submitContactMessage,
} from "./messages.server";

// As the owner saved them in the studio.
const saved = {
  ...defaultSettings,
  productName: "Forward",
  contactRecipient: "owner@example.org",
};
const options = notificationFor(
  { SITE_URL: "https://jordanavery.example", CONTACT_TO: undefined },
  saved,
);

test("a notification goes to the saved contact recipient unless CONTACT_TO names another", () => {
  expect(options.recipient).toBe("owner@example.org");
  expect(
    notificationFor(
      {
        SITE_URL: "https://jordanavery.example",
        CONTACT_TO: "desk@example.org",
      },
      saved,
    ).recipient,
  ).toBe("desk@example.org");
});

// A new embedded database takes seconds to start on a busy machine.
describe.each(testDatabaseKinds)(
  "contact messages on %s",
  { timeout: 60_000 },
  (kind) => {
    test("a good message is stored together with its notification", async () => {
      const database = await createTestDatabase(kind);
      try {
        const result = await submitContactMessage(
          database.db,
          {
            name: " Riley Chen ",
            email: "riley@example.org",
            message: "Hello!\n\nCould we meet?",
          },
          options,
        );
        expect(result.ok).toBe(true);
        const stored = await database.db.select().from(messages);
        expect(stored).toEqual([
          expect.objectContaining({
            name: "Riley Chen",
            email: "riley@example.org",
            message: "Hello!\n\nCould we meet?",
          }),
        ]);
        const [mail] = await database.db.select().from(mailOutbox);
        expect(mail).toMatchObject({
          messageId: stored[0]?.id,
          recipient: "owner@example.org",
          replyTo: "riley@example.org",
          subject: "New message from Riley Chen (Contact | Live Forward)",
          sentAt: null,
          attempts: 0,
        });
        expect(mail?.body).toContain("Hello!\n\nCould we meet?");
        expect(mail?.body).toContain("https://jordanavery.example/contact");

        const [recent] = await readRecentMessages(database.db, 5);
        expect(recent).toMatchObject({ name: "Riley Chen", sentAt: null });
      } finally {
        await database.dispose();
      }
    });

    test("an invalid message stores nothing", async () => {
      const database = await createTestDatabase(kind);
      try {
        const result = await submitContactMessage(
          database.db,
          { name: "Riley", email: "riley@localhost", message: "Hi" },
          options,
        );
        expect(result).toMatchObject({ ok: false, missing: false });
        expect(await database.db.$count(messages)).toBe(0);
        expect(await database.db.$count(mailOutbox)).toBe(0);
      } finally {
        await database.dispose();
      }
    });

    test.each([
      [
        "no message is kept without its notification",
        sql`alter table mail_outbox rename to mail_outbox_away`,
      ],
      [
        // The outbox row fails only when it is written, after the message row.
        "a notification refused after its message was written takes the message with it",
        sql`alter table mail_outbox add constraint refuse_all check (recipient = '')`,
      ],
    ])("%s", async (_name, breakOutbox) => {
      const database = await createTestDatabase(kind);
      try {
        await database.db.execute(breakOutbox);
        await expect(
          submitContactMessage(
            database.db,
            { name: "Riley", email: "riley@example.org", message: "Hi" },
            options,
          ),
        ).rejects.toThrow();
        expect(await database.db.$count(messages)).toBe(0);
      } finally {
        await database.dispose();
      }
    });

    test("each message gets its own id, named in its notification", async () => {
      const database = await createTestDatabase(kind);
      try {
        const submit = (name: string) =>
          submitContactMessage(
            database.db,
            { name, email: "riley@example.org", message: "Hi" },
            options,
          );
        const results = await Promise.all([submit("Riley"), submit("Sam")]);
        const ids = results.map((result) => (result.ok ? result.id : ""));
        expect(new Set(ids).size).toBe(2);
        const mails = await database.db.select().from(mailOutbox);
        expect(mails.map((mail) => mail.messageId).sort()).toEqual(
          [...ids].sort(),
        );
        for (const mail of mails) {
          expect(mail.body).toContain(`Message ${mail.messageId}`);
        }
      } finally {
        await database.dispose();
      }
    });
  },
);
