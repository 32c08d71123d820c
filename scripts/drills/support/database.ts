// A fresh PostgreSQL database per drill run, and what the drills read from
// it: the stored messages and the mail outbox.
import pg from "pg";

import { createFreshPostgres } from "~scripts/lib/database";

import { waitFor } from "./time";

export const ADMIN_URL =
  process.env.DRILL_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/test";

export interface DrillDatabase {
  name: string;
  url: string;
  query<T extends pg.QueryResultRow>(
    text: string,
    values?: unknown[],
  ): Promise<T[]>;
  /** Admin statements (block or allow connections) run from the server's maintenance database. */
  admin(text: string): Promise<void>;
  drop(): Promise<void>;
}

export async function freshDatabase(label: string): Promise<DrillDatabase> {
  const { name, url, admin, drop } = await createFreshPostgres(
    ADMIN_URL,
    `drill_${label.replace(/\W/g, "_")}`,
  );
  return {
    name,
    url,
    async query<T extends pg.QueryResultRow>(text: string, values?: unknown[]) {
      const client = new pg.Client({ connectionString: url });
      await client.connect();
      try {
        return (await client.query<T>(text, values)).rows;
      } finally {
        await client.end();
      }
    },
    admin,
    async drop() {
      // A drill may have blocked connections to play an outage.
      await admin(`alter database ${name} allow_connections true`);
      await drop();
    },
  };
}

export interface StoredMessage {
  token: string;
  outbox_id: string | null;
  sent: boolean;
  attempts: number | null;
}

/** Every stored drill message with its notification row. */
export async function storedMessages(
  database: DrillDatabase,
): Promise<StoredMessage[]> {
  return database.query<StoredMessage>(`
    select substring(m.message from 'drill message ([a-z0-9-]+)\\.') as token,
           o.id as outbox_id, o.sent_at is not null as sent, o.attempts
    from messages m left join mail_outbox o on o.message_id = m.id`);
}

/** Waits until no notification is left unsent; returns how long that took. */
export function waitForMailQueueEmpty(
  database: DrillDatabase,
  timeoutMs: number,
): Promise<number> {
  return waitFor(
    "every notification to be delivered",
    async () =>
      (
        await database.query<{ n: number }>(
          "select count(*)::int as n from mail_outbox where sent_at is null",
        )
      )[0]?.n === 0,
    timeoutMs,
  );
}
