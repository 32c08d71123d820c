import { eq, isNull, sql } from "drizzle-orm";
import { describe, expect, test } from "vitest";

import { openDatabase } from "~database/client";
import type { Database } from "~database/client";
import { mailOutbox } from "~database/schema";
import type { Logger } from "~shared/logger";
import { createTestDatabase, testDatabaseKinds } from "~tests/support/database";
import { drainableOutboxes } from "~tests/support/outbox";
import { startLoopbackSmtp } from "~tests/support/smtp";

import { warnIfMailIsOff } from "./outbox";
import type { OutboxOptions } from "./outbox";
import { backoffDelay, claimDueMail, heldReason } from "./outbox-rows";

interface LogLine {
  level: string;
  msg: string;
  fields?: Record<string, unknown>;
}

function recordingLogger(lines: LogLine[] = []): Logger {
  const write =
    (level: string) => (msg: string, fields?: Record<string, unknown>) => {
      lines.push({ level, msg, fields });
    };
  return {
    debug: write("debug"),
    info: write("info"),
    warn: write("warn"),
    error: write("error"),
  };
}

async function enqueue(db: Database, count: number) {
  const rows = Array.from({ length: count }, (_, index) => ({
    recipient: "owner@example.org",
    replyTo: `visitor${index}@example.org`,
    subject: `Message ${index}`,
    body: `Body of message ${index}`,
  }));
  return db.insert(mailOutbox).values(rows).returning({ id: mailOutbox.id });
}

const worker = (
  db: Database,
  smtpUrl: string | undefined,
  overrides: Partial<OutboxOptions> = {},
  start = drainableOutboxes(db),
) =>
  start({
    db,
    logger: recordingLogger(),
    smtpUrl,
    from: () =>
      Promise.resolve({ name: "Live Seasoned", address: "site@example.org" }),
    messageIdDomain: "site.example",
    pollIntervalMs: 60_000,
    ...overrides,
  });

test("starting without SMTP_URL warns once, plainly, that mail is not being delivered", () => {
  const lines: LogLine[] = [];
  warnIfMailIsOff(undefined, recordingLogger(lines));
  warnIfMailIsOff("smtp://127.0.0.1:25", recordingLogger(lines));
  expect(lines).toHaveLength(1);
  expect(lines[0]?.level).toBe("warn");
  expect(lines[0]?.msg).toContain("SMTP_URL is not set");
  expect(lines[0]?.msg).toContain("NOT being mailed");
  expect(lines[0]?.msg).toContain("npm run messages");
});

describe("backoff", () => {
  test("doubles from the base, is capped, and jitters by at most a fifth", () => {
    const exact = { baseMs: 5_000, maxMs: 600_000 };
    const middle = () => 0.5;
    expect(
      [1, 2, 3, 4, 8, 9, 50].map((n) => backoffDelay(n, exact, middle)),
    ).toEqual([5_000, 10_000, 20_000, 40_000, 600_000, 600_000, 600_000]);
    expect(backoffDelay(3, exact, () => 0)).toBe(16_000);
    expect(backoffDelay(3, exact, () => 1)).toBe(24_000);
  });
});

// A new embedded database takes seconds to start on a busy machine.
describe.each(testDatabaseKinds)(
  "mail outbox on %s",
  { timeout: 60_000 },
  (kind) => {
    test("delivers each queued mail once, with the visitor as Reply-To", async () => {
      const database = await createTestDatabase(kind);
      const smtp = await startLoopbackSmtp();
      const outbox = worker(database.db, `smtp://127.0.0.1:${smtp.port}`);
      try {
        const queued = await enqueue(database.db, 5);
        await outbox.drain();
        expect(smtp.mails).toHaveLength(5);
        expect(new Set(smtp.mails.map((mail) => mail.messageId))).toEqual(
          new Set(queued.map(({ id }) => `<${id}@site.example>`)),
        );
        const mail = smtp.mails[0];
        expect(mail?.to).toEqual(["owner@example.org"]);
        expect(mail?.from).toBe("site@example.org");
        expect(mail?.raw).toMatch(/^Reply-To: visitor\d@example\.org\r?$/m);
        const rows = await database.db.select().from(mailOutbox);
        expect(rows.every((row) => row.sentAt !== null)).toBe(true);

        await outbox.drain();
        expect(smtp.mails).toHaveLength(5);
      } finally {
        await outbox.stop();
        await smtp.close();
        await database.dispose();
      }
    });

    test("a nudge delivers new mail without waiting for the next poll", async () => {
      const database = await createTestDatabase(kind);
      const outbox = worker(database.db, undefined, { nudgeDelayMs: 10 });
      try {
        // The first round (at start) finds nothing; the next poll is a minute away.
        await outbox.drain();
        await enqueue(database.db, 3);
        for (let index = 0; index < 3; index++) outbox.nudge();
        await expect
          .poll(() => database.db.$count(mailOutbox, isNull(mailOutbox.sentAt)))
          .toBe(0);
      } finally {
        await outbox.stop();
        await database.dispose();
      }
    });

    test("retries with backoff until the server accepts, logging each reason", async () => {
      const database = await createTestDatabase(kind);
      const smtp = await startLoopbackSmtp();
      smtp.mode = "reject";
      const lines: LogLine[] = [];
      const outbox = worker(database.db, `smtp://127.0.0.1:${smtp.port}`, {
        logger: recordingLogger(lines),
        backoff: { baseMs: 1_000, maxMs: 1_000 },
        pollIntervalMs: 50,
      });
      try {
        const [queued] = await enqueue(database.db, 1);
        if (!queued) throw new Error("nothing queued");
        const row = () =>
          database.db
            .select()
            .from(mailOutbox)
            .where(eq(mailOutbox.id, queued.id))
            .then((rows) => rows[0]);

        const eventually = { timeout: 10_000 };
        await expect
          .poll(async () => (await row())?.lastError, eventually)
          .toContain("451");
        const first = await row();
        expect(first?.sentAt).toBeNull();
        expect(first?.attempts).toBe(1);
        // Not due again until the backoff has passed.
        await outbox.drain();
        expect((await row())?.attempts).toBe(1);

        await expect
          .poll(async () => (await row())?.attempts ?? 0, eventually)
          .toBeGreaterThanOrEqual(3);
        const failures = lines.filter((line) => line.msg.includes("failed"));
        expect(failures.length).toBeGreaterThanOrEqual(2);
        expect(failures[0]?.fields?.reason).toContain("451");

        smtp.mode = "accept";
        await expect
          .poll(async () => (await row())?.sentAt ?? null, eventually)
          .not.toBeNull();
        expect(smtp.mails).toHaveLength(1);
        expect((await row())?.lastError).toBeNull();
      } finally {
        await outbox.stop();
        await smtp.close();
        await database.dispose();
      }
    });

    test("a claimed mail is leased: no one else takes it until the lease runs out", async () => {
      const database = await createTestDatabase(kind);
      try {
        await enqueue(database.db, 1);
        const claimed = await claimDueMail(database.db, 10, 300);
        expect(claimed).toHaveLength(1);
        expect(await claimDueMail(database.db, 10, 300)).toHaveLength(0);
        // The claimer died without a word: after the lease, the mail is due again.
        await expect
          .poll(async () => (await claimDueMail(database.db, 10, 300)).length, {
            interval: 100,
          })
          .toBe(1);
      } finally {
        await database.dispose();
      }
    });

    test("without SMTP_URL the log names the outbox id, never the visitor's words or address", async () => {
      const database = await createTestDatabase(kind);
      const lines: LogLine[] = [];
      const outbox = worker(database.db, undefined, {
        logger: recordingLogger(lines),
      });
      try {
        const [queued] = await enqueue(database.db, 1);
        await outbox.drain();
        const logged = lines.find((line) => line.msg.includes("SMTP_URL"));
        expect(logged?.fields).toEqual({ outboxId: queued?.id });
        const everything = JSON.stringify(lines);
        for (const secret of [
          "visitor0@example.org",
          "owner@example.org",
          "Body of message 0",
          "Message 0",
        ])
          expect(everything).not.toContain(secret);
        const [row] = await database.db.select().from(mailOutbox);
        expect(row?.sentAt).not.toBeNull();
      } finally {
        await outbox.stop();
        await database.dispose();
      }
    });

    test("past the hourly cap, mails are held and marked, never dropped, and go out when the hour allows", async () => {
      const database = await createTestDatabase(kind);
      const smtp = await startLoopbackSmtp();
      const lines: LogLine[] = [];
      const outbox = worker(database.db, `smtp://127.0.0.1:${smtp.port}`, {
        logger: recordingLogger(lines),
        maxPerHour: 3,
      });
      try {
        await enqueue(database.db, 5);
        await outbox.drain();
        expect(smtp.mails).toHaveLength(3);
        const rows = await database.db.select().from(mailOutbox);
        const held = rows.filter((row) => row.sentAt === null);
        expect(held).toHaveLength(2);
        for (const row of held) {
          expect(row.lastError).toBe(heldReason(3));
          // Due again an hour after the first send of the hour.
          expect(row.nextAttemptAt.getTime()).toBeGreaterThan(
            Date.now() + 50 * 60_000,
          );
        }
        expect(
          lines.filter((line) => line.msg.includes("mail cap reached")),
        ).toHaveLength(1);

        // An hour later (the sends moved back in time), the held mails go out.
        await database.db
          .update(mailOutbox)
          .set({
            sentAt: sql`${mailOutbox.sentAt} - interval '61 minutes'`,
            nextAttemptAt: sql`now()`,
          })
          .where(sql`true`);
        await outbox.drain();
        expect(smtp.mails).toHaveLength(5);
        const after = await database.db.select().from(mailOutbox);
        expect(after.every((row) => row.sentAt && row.lastError === null)).toBe(
          true,
        );
      } finally {
        await outbox.stop();
        await smtp.close();
        await database.dispose();
      }
    });

    test("keeps going when the database fails, and says so once", async () => {
      const database = await createTestDatabase(kind);
      const lines: LogLine[] = [];
      const outbox = worker(database.db, undefined, {
        logger: recordingLogger(lines),
        pollIntervalMs: 20,
      });
      const unavailable = () =>
        lines.filter((line) => line.msg.includes("database unavailable"));
      try {
        await database.db.execute(
          sql`alter table mail_outbox rename to mail_outbox_away`,
        );
        await outbox.drain();
        await expect.poll(() => unavailable().length).toBe(1);
        // More rounds fail while the table is away; none says so again.
        await outbox.drain();
        await outbox.drain();
        await database.db.execute(
          sql`alter table mail_outbox_away rename to mail_outbox`,
        );
        await enqueue(database.db, 1);
        await outbox.drain();
        expect(lines.some((line) => line.msg.includes("reachable again"))).toBe(
          true,
        );
        const [row] = await database.db.select().from(mailOutbox);
        expect(row?.sentAt).not.toBeNull();
        expect(unavailable()).toHaveLength(1);
      } finally {
        await outbox.stop();
        await database.dispose();
      }
    });
  },
);

describe.skipIf(!process.env.TEST_DATABASE_URL)(
  "two instances on one PostgreSQL",
  () => {
    test("deliver every mail exactly once between them", async () => {
      const database = await createTestDatabase("postgres");
      const second = await openDatabase({
        databaseUrl: database.url,
        dataDir: "",
      });
      const smtp = await startLoopbackSmtp();
      const smtpUrl = `smtp://127.0.0.1:${smtp.port}`;
      const options = { batchSize: 7 };
      // One table, watched once: each drains until the other is done too.
      const start = drainableOutboxes(database.db);
      const one = worker(database.db, smtpUrl, options, start);
      const two = worker(second.db, smtpUrl, options, start);
      try {
        const queued = await enqueue(database.db, 300);
        const [handledByOne, handledByTwo] = await Promise.all([
          one.drain(),
          two.drain(),
        ]);
        expect(handledByOne + handledByTwo).toBe(300);
        // Both really took part.
        expect(handledByOne).toBeGreaterThan(0);
        expect(handledByTwo).toBeGreaterThan(0);
        const ids = smtp.mails.map((mail) => mail.messageId);
        expect(ids).toHaveLength(300);
        expect(new Set(ids).size).toBe(300);
        expect(new Set(ids)).toEqual(
          new Set(queued.map(({ id }) => `<${id}@site.example>`)),
        );
        expect(
          await database.db.$count(mailOutbox, isNull(mailOutbox.sentAt)),
        ).toBe(0);
      } finally {
        await Promise.all([one.stop(), two.stop()]);
        await smtp.close();
        await second.close();
        await database.dispose();
      }
    });
  },
);
