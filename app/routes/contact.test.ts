// The contact action on its own (the defences in front of it are covered in
// server/defences.test.ts): what it stores, and which answers it marks as the
// same page for everyone.
import { describe, expect, test } from "vitest";

import { sharedOutcomeContext } from "~/lib/shared-document.server";
import { mailOutbox, messages } from "~database/schema";
import { createAuthTestDatabase } from "~tests/support/auth";
import type { AuthTestDatabase } from "~tests/support/auth";
import { testDatabaseKinds } from "~tests/support/database";
import { routeArgs, routeContext } from "~tests/support/services";

import { action } from "./contact";

async function post(
  { auth, db }: AuthTestDatabase,
  fields: Record<string, string>,
) {
  let nudges = 0;
  const context = routeContext({
    auth,
    db,
    mail: { nudge: () => (nudges += 1) },
  });
  const request = new Request("https://site.example/contact", {
    method: "POST",
    body: new URLSearchParams(fields),
  });
  const result = await action(routeArgs(request, context, "/contact", {}));
  return { result, shared: context.get(sharedOutcomeContext), nudges };
}

const good = {
  name: "Riley Chen",
  email: "riley@example.org",
  message: "Could we meet?",
};

describe.each(testDatabaseKinds)(
  "the contact action on %s",
  { timeout: 60_000 },
  (kind) => {
    test("a good message is stored with its notification, the worker nudged, and its page shared", async () => {
      const database = await createAuthTestDatabase(kind);
      try {
        const sent = await post(database, good);
        expect(sent).toEqual({
          result: { status: "sent" },
          shared: "sent",
          nudges: 1,
        });
        const [stored] = await database.db.select().from(messages);
        const [mail] = await database.db.select().from(mailOutbox);
        expect(stored).toMatchObject(good);
        expect(mail?.messageId).toBe(stored?.id);
      } finally {
        await database.dispose();
      }
    });

    test("a message sent again from the same form (its answer was lost) is stored once and answered as the first time", async () => {
      const database = await createAuthTestDatabase(kind);
      try {
        const form = { ...good, "idempotency-key": "k".repeat(22) };
        const first = await post(database, form);
        const again = await post(database, {
          ...form,
          message: "Could we meet? (Sent again: did the first one arrive?)",
        });
        expect(again.result).toEqual(first.result);
        expect(again.shared).toBe("sent");
        expect(await database.db.$count(messages)).toBe(1);
        expect(await database.db.$count(mailOutbox)).toBe(1);
        const [stored] = await database.db.select().from(messages);
        expect(stored?.message).toBe(good.message);

        // Another rendering of the form, another message.
        await post(database, { ...form, "idempotency-key": "m".repeat(22) });
        // A key the site could not have made is ignored: stored, without one.
        await post(database, { ...form, "idempotency-key": "<bad key>" });
        await post(database, { ...form, "idempotency-key": "<bad key>" });
        expect(await database.db.$count(messages)).toBe(4);
        expect(await database.db.$count(mailOutbox)).toBe(4);
      } finally {
        await database.dispose();
      }
    });

    test("an invalid message stores nothing, and its page (which repeats what was typed) is not shared", async () => {
      const database = await createAuthTestDatabase(kind);
      try {
        const invalid = await post(database, { ...good, email: "riley" });
        expect(invalid.shared).toBeNull();
        expect(invalid.nudges).toBe(0);
        // The page repeats what was typed, with the field's error, as a 400.
        expect(invalid.result).toMatchObject({
          data: {
            status: "invalid",
            errors: { email: expect.any(String) },
            values: { ...good, email: "riley" },
          },
          init: { status: 400 },
        });
        expect(await database.db.$count(messages)).toBe(0);
        expect(await database.db.$count(mailOutbox)).toBe(0);
      } finally {
        await database.dispose();
      }
    });

    test("a filled honeypot is answered like a success, with the same page, and stores nothing", async () => {
      const database = await createAuthTestDatabase(kind);
      try {
        const bot = await post(database, {
          ...good,
          website: "spam.example",
        });
        expect(bot).toEqual({
          result: { status: "sent" },
          shared: "sent",
          nudges: 0,
        });
        expect(await database.db.$count(messages)).toBe(0);
      } finally {
        await database.dispose();
      }
    });
  },
);
