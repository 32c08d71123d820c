// The contact action on its own (the defences in front of it are covered in
// server/defences.test.ts): what it stores, and which answers it marks as the
// same page for everyone.
import { RouterContextProvider } from "react-router";
import { describe, expect, test } from "vitest";

import { servicesContext } from "~/context";
import { sharedOutcomeContext } from "~/lib/shared-document.server";
import { mailOutbox, messages } from "~database/schema";
import { parseEnv } from "~shared/env";
import { createLogger } from "~shared/logger";
import { createAuthTestDatabase } from "~tests/support/auth";
import type { AuthTestDatabase } from "~tests/support/auth";
import { testDatabaseKinds } from "~tests/support/database";

import { action } from "./contact";

async function post(
  { auth, db }: AuthTestDatabase,
  fields: Record<string, string>,
) {
  let nudges = 0;
  const context = new RouterContextProvider();
  context.set(servicesContext, {
    auth,
    db,
    env: parseEnv({ NODE_ENV: "test", SITE_URL: "https://site.example" }),
    logger: createLogger("silent"),
    mail: { nudge: () => (nudges += 1) },
    nonce: "nonce",
    pageIncomplete: () => {},
  });
  const request = new Request("https://site.example/contact", {
    method: "POST",
    body: new URLSearchParams(fields),
  });
  const result = await action({
    request,
    url: new URL(request.url),
    pattern: "/contact",
    params: {},
    context,
  });
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

    test("an invalid message stores nothing, and its page (which repeats what was typed) is not shared", async () => {
      const database = await createAuthTestDatabase(kind);
      try {
        const invalid = await post(database, { ...good, email: "riley" });
        expect(invalid.shared).toBeNull();
        expect(invalid.nudges).toBe(0);
        expect(JSON.stringify(invalid.result)).toContain("riley");
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
