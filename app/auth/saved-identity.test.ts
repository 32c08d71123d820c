// The owner's account and password reset mail take the site's identity as
// the owner saved it, not the demo defaults (docs/decisions/044).
import { eq } from "drizzle-orm";
import { describe, expect, test } from "vitest";

import { defaultSettings } from "~/config/default-settings";
import { createSettingsStore, saveSettings } from "~/data/site-settings.server";
import { mailOutbox, users } from "~database/schema";
import { authRequest, TEST_SITE_URL, uniqueEmail } from "~tests/support/auth";
import { createTestDatabase, testDatabaseKinds } from "~tests/support/database";

import { handleAuthRequest } from "./auth-request.server";
import { createAuth, resolveAuthSecret } from "./auth.server";
import { createOwner } from "./owner.server";

const visible = { timeout: 5_000, interval: 10 };

describe.each(testDatabaseKinds)(
  "the saved identity on %s",
  { timeout: 60_000 },
  (kind) => {
    test("a new owner without a name given takes the saved owner's name; the reset mail names the saved product", async () => {
      const database = await createTestDatabase(kind);
      try {
        const { db } = database;
        const store = createSettingsStore(db, database.contentCache);
        expect((await store.current()).productName).toBe("Seasoned");
        await saveSettings(db, {
          ...defaultSettings,
          ownerName: "Ana Souza",
          productName: "Forward",
        });
        await expect
          .poll(async () => (await store.current()).productName, visible)
          .toBe("Forward");

        const email = uniqueEmail();
        const { userId } = await createOwner(db, {
          email,
          password: "a long enough secret",
        });
        const [user] = await db
          .select({ name: users.name })
          .from(users)
          .where(eq(users.id, userId));
        expect(user?.name).toBe("Ana Souza");

        let nudges = 0;
        const auth = createAuth(db, {
          siteUrl: TEST_SITE_URL,
          secret: await resolveAuthSecret(db, undefined),
          mail: {
            nudge: () => (nudges += 1),
            settings: () => store.current(),
          },
        });
        const response = await handleAuthRequest(
          auth,
          authRequest("/request-password-reset", { body: { email } }),
        );
        expect(response.ok).toBe(true);
        // The mail is queued after the answer.
        await expect.poll(() => nudges, visible).toBe(1);
        const [mail] = await db
          .select()
          .from(mailOutbox)
          .where(eq(mailOutbox.recipient, email));
        expect(mail?.subject).toBe("Choose a new password for Live Forward");
      } finally {
        await database.dispose();
      }
    });
  },
);
