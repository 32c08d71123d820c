// The section tables' tests: a change that must have been done, and a
// database of one kind shared by a describe block's tests.
import { afterAll, beforeAll } from "vitest";

import type { SectionChange, SectionRow } from "~database/section-rows";

import { createTestDatabase } from "./database";
import type { TestDatabase, TestDatabaseKind } from "./database";

/** The row a change made; anything but done fails the test, saying what came back. */
export function done(result: SectionChange): SectionRow {
  if (result.status !== "done") {
    throw new Error(`expected done, got ${JSON.stringify(result)}`);
  }
  return result.row;
}

/** A database of `kind` made before the block's tests and disposed after them; call the result in a test. */
export function sharedDatabase(kind: TestDatabaseKind): () => TestDatabase {
  let database: TestDatabase | undefined;
  beforeAll(async () => {
    database = await createTestDatabase(kind);
  }, 60_000);
  afterAll(async () => {
    await database?.dispose();
  });
  return () => {
    if (!database) throw new Error("the database is not open yet");
    return database;
  };
}
