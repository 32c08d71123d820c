// The node-postgres pool under a database that ends its connections.
import pg from "pg";
import { sql } from "drizzle-orm";
import { describe, expect, test } from "vitest";

import { createTestDatabase } from "~tests/support/database";

const adminUrl = process.env.TEST_DATABASE_URL;

describe.runIf(adminUrl)("PostgreSQL ending the site's connections", () => {
  test("a connection ended under a checked-out client fails its request, not the process, and the pool recovers", async () => {
    const database = await createTestDatabase("postgres");
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    try {
      // A transaction holds its client checked out from the pool while the
      // database ends every session of the site (as in a failover).
      const failure = await database.db
        .transaction(async (tx) => {
          await tx.execute(sql`select 1`);
          await admin.query(
            "select pg_terminate_backend(pid) from pg_stat_activity where datname = $1",
            [new URL(database.url ?? "").pathname.slice(1)],
          );
          await tx.execute(sql`select pg_sleep(30)`);
        })
        .catch((error: unknown) => error);
      expect(failure).toBeInstanceOf(Error);
      // The process is still here (an unhandled "error" event would have
      // ended the run), and the next request gets a fresh connection.
      await expect(database.ping()).resolves.toBeUndefined();
    } finally {
      await admin.end();
      await database.dispose();
    }
  });
});
