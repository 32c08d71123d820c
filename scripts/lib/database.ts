// Fresh PostgreSQL databases for journeys, drills and measurements that run
// several server instances on one database: empty, or migrated and seeded
// from content/. Dropped (with their connections) by drop().
import { randomBytes } from "node:crypto";
import path from "node:path";

import pg from "pg";

import { openDatabase } from "~database/client";
import { importContent } from "~database/seed";

/** An empty PostgreSQL database of its own, on the server `adminUrl` names. */
export interface FreshPostgres {
  name: string;
  url: string;
  /** A statement run from the admin connection (create, drop, allow connections). */
  admin(statement: string): Promise<void>;
  /** Drops the database, with its connections. */
  drop(): Promise<void>;
}

export async function createFreshPostgres(
  adminUrl: string,
  prefix: string,
): Promise<FreshPostgres> {
  const name = `${prefix}_${randomBytes(4).toString("hex")}`;
  const admin = async (statement: string) => {
    const client = new pg.Client({ connectionString: adminUrl });
    await client.connect();
    try {
      await client.query(statement);
    } finally {
      await client.end();
    }
  };
  await admin(`create database ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    name,
    url: url.toString(),
    admin,
    drop: () => admin(`drop database if exists ${name} with (force)`),
  };
}

export interface SeededPostgres {
  url: string;
  drop(): Promise<void>;
}

export async function createSeededPostgres(
  adminUrl: string,
  prefix: string,
): Promise<SeededPostgres> {
  const fresh = await createFreshPostgres(adminUrl, prefix);
  const database = await openDatabase({ databaseUrl: fresh.url, dataDir: "" });
  try {
    await database.migrate();
    await importContent(database.db, path.resolve("content"));
  } finally {
    await database.close();
  }
  return { url: fresh.url, drop: fresh.drop };
}
