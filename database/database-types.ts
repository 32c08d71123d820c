// The database's types, apart from the module that opens it, so that what
// client.ts itself imports (the restore) can name them without a circle.
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";

import type * as schema from "./schema";

export type Schema = typeof schema;
/** The one database type the app codes against, whichever driver is underneath. */
export type Database = PgDatabase<PgQueryResultHKT, Schema>;
/** A transaction on it, as `db.transaction` hands it to its callback. */
export type Transaction = Parameters<Parameters<Database["transaction"]>[0]>[0];
/** What a write can run on: the database, or the caller's transaction. */
export type Executor = Database | Transaction;
