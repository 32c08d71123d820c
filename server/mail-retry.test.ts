// "Retry now" in the studio's inbox and the outbox worker together: a retried
// mail is claimed once, and a mail being sent cannot be made due again.
import { sql } from "drizzle-orm";
import { describe, expect, test } from "vitest";

import { retryMail } from "~/data/inbox.server";
import { submitContactMessage } from "~/data/messages.server";
import { mailOutbox } from "~database/schema";
import { createTestDatabase, testDatabaseKinds } from "~tests/support/database";

import { claimDueMail } from "./outbox-rows";

const owner = { actor: "Jordan Avery" };

describe.each(testDatabaseKinds)(
  "retrying a mail on %s",
  { timeout: 60_000 },
  (kind) => {
    test("a failed mail retried now is claimed once; while in flight it cannot be retried", async () => {
      const database = await createTestDatabase(kind);
      try {
        const { db } = database;
        const result = await submitContactMessage(
          db,
          {
            name: "Riley",
            email: "riley@example.org",
            message: "Hello there",
          },
          {
            recipient: "owner@example.org",
            siteUrl: "https://example.org",
            productName: "Seasoned",
          },
        );
        const id = result.ok ? result.id : undefined;
        if (!id) throw new Error("not stored");

        // First attempt: claimed, then it fails and waits for its backoff.
        expect(await claimDueMail(db, 10, 60_000)).toHaveLength(1);
        await db.update(mailOutbox).set({
          lastError: "connect ECONNREFUSED",
          nextAttemptAt: sql`now() + interval '10 minutes'`,
        });
        expect(await claimDueMail(db, 10, 60_000)).toHaveLength(0);

        // Retry now: due at once, claimed by one round only.
        expect(await retryMail(db, id, owner)).toBe("queued");
        expect(await retryMail(db, id, owner)).toBe("queued");
        const claimed = await claimDueMail(db, 10, 60_000);
        expect(claimed).toHaveLength(1);
        expect(claimed[0]?.attempts).toBe(2);
        expect(await claimDueMail(db, 10, 60_000)).toHaveLength(0);

        // In flight: the claim cleared the last error, so it is not retried twice.
        expect(await retryMail(db, id, owner)).toBe("not-failing");
        expect(await claimDueMail(db, 10, 60_000)).toHaveLength(0);
      } finally {
        await database.dispose();
      }
    });
  },
);
