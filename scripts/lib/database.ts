// A fresh PostgreSQL database, migrated and seeded from content/, for
// journeys and measurements that run several server instances on one
// database. Dropped (with its connections) by drop().
import { randomBytes } from "node:crypto";
import path from "node:path";

import pg from "pg";

import { openDatabase } from "~database/client";
import { importContent } from "~database/seed";

export interface SeededPostgres {
  url: string;
  drop(): Promise<void>;
}

export async function createSeededPostgres(
  adminUrl: string,
  prefix: string,
): Promise<SeededPostgres> {
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
  const database = await openDatabase({
    databaseUrl: url.toString(),
    dataDir: "",
  });
  try {
    await database.migrate();
    await importContent(database.db, path.resolve("content"));
  } finally {
    await database.close();
  }
  return {
    url: url.toString(),
    drop: () => admin(`drop database if exists ${name} with (force)`),
  };
}
