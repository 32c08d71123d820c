// Backups: every table in the database's public schema, found in the
// catalog rather than listed here (tables added by later migrations are
// included without a change), written as one gzip'd JSON-lines file.
//
// - Every value travels in PostgreSQL's own text form (`column::text`) and is
//   read back with the column's input function (`text::type`), so bytea,
//   jsonb, arrays, timestamps, numerics and enums round-trip exactly, and
//   PGlite and PostgreSQL read each other's files.
// - The backup runs in one REPEATABLE READ, READ ONLY transaction: one
//   consistent snapshot while the site keeps writing. Rows are read through
//   a cursor, a few at a time, so media bytes never sit in memory all at once.
// - Tables are written parents first (foreign keys), so a restore inserts in
//   file order. A restore is one transaction: a bad or truncated file leaves
//   the target exactly as it was.
import { createReadStream, createWriteStream } from "node:fs";
import { open, rename, rm } from "node:fs/promises";
import { once } from "node:events";
import { createInterface } from "node:readline";
import type { Readable, Writable } from "node:stream";
import { createGunzip, createGzip } from "node:zlib";

import { sql } from "drizzle-orm";

import type { Database } from "./client";

export const BACKUP_FORMAT = "live-site-backup";
export const BACKUP_VERSION = 1;

/** Rows fetched from the cursor per round: small, because one row may carry an image. */
const FETCH_ROWS = 50;
/** One INSERT carries at most this many rows, or this many bytes of JSON. */
const INSERT_ROWS = 500;
const INSERT_BYTES = 4_000_000;

export interface BackupColumn {
  name: string;
  /** format_type() of the column, e.g. "text[]", "timestamp with time zone". */
  type: string;
}

export interface BackupTable {
  name: string;
  columns: BackupColumn[];
  rows: number;
}

export interface BackupHeader {
  format: typeof BACKUP_FORMAT;
  version: typeof BACKUP_VERSION;
  createdAt: string;
  database: string;
  /** The `created_at` (journal `when`) of every migration applied to the source. */
  migrations: number[];
  tables: BackupTable[];
}

interface TableSection {
  table: string;
}

interface EndMarker {
  end: true;
  rows: number;
}

type Executor = Pick<Database, "execute">;

async function rows<T>(db: Executor, query: ReturnType<typeof sql>) {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

const quote = (name: string) => `"${name.replaceAll('"', '""')}"`;

interface CatalogTable {
  name: string;
  columns: BackupColumn[];
  /** Columns PostgreSQL computes itself (GENERATED ALWAYS AS ... STORED). */
  generated: Set<string>;
  identity: boolean;
  /** Tables this one references. */
  parents: Set<string>;
}

/**
 * Tables a backup leaves out: the readers' daily salts must be gone 48 hours
 * after their day began (docs/PRIVACY.md), which a kept backup would defeat;
 * a restored site makes a new salt for the day.
 */
const NOT_BACKED_UP = ["reader_salts"];

/** The public schema's tables with their columns, parents before children. */
export async function readCatalog(db: Executor): Promise<CatalogTable[]> {
  const columns = await rows<{
    table: string;
    column: string;
    type: string;
    generated: boolean;
    identity: boolean;
  }>(
    db,
    sql`select c.relname as "table", a.attname as "column",
          format_type(a.atttypid, a.atttypmod) as "type",
          a.attgenerated <> '' as "generated",
          a.attidentity <> '' as "identity"
        from pg_attribute a
        join pg_class c on c.oid = a.attrelid
        join pg_namespace n on n.oid = c.relnamespace
        where n.nspname = 'public' and c.relkind in ('r', 'p')
          and not c.relispartition and a.attnum > 0 and not a.attisdropped
          and c.relname not in (${sql.join(
            NOT_BACKED_UP.map((name) => sql`${name}`),
            sql`, `,
          )})
        order by c.relname, a.attnum`,
  );
  const references = await rows<{ child: string; parent: string }>(
    db,
    sql`select child.relname as "child", parent.relname as "parent"
        from pg_constraint k
        join pg_class child on child.oid = k.conrelid
        join pg_class parent on parent.oid = k.confrelid
        join pg_namespace n on n.oid = child.relnamespace
        where k.contype = 'f' and n.nspname = 'public'`,
  );
  const tables = new Map<string, CatalogTable>();
  for (const column of columns) {
    let table = tables.get(column.table);
    if (!table) {
      table = {
        name: column.table,
        columns: [],
        generated: new Set(),
        identity: false,
        parents: new Set(),
      };
      tables.set(column.table, table);
    }
    if (column.generated) table.generated.add(column.column);
    else table.columns.push({ name: column.column, type: column.type });
    if (column.identity) table.identity = true;
  }
  for (const { child, parent } of references) {
    // A table referencing itself orders its own rows; nothing to sort here.
    if (child !== parent) tables.get(child)?.parents.add(parent);
  }
  return dependencyOrder([...tables.values()]);
}

/** Parents before children; tables in a cycle keep name order after the rest. */
function dependencyOrder(tables: CatalogTable[]): CatalogTable[] {
  const ordered: CatalogTable[] = [];
  const placed = new Set<string>();
  const known = new Set(tables.map((table) => table.name));
  let remaining = [...tables].sort((a, b) => a.name.localeCompare(b.name));
  while (remaining.length) {
    const ready = remaining.filter((table) =>
      [...table.parents].every(
        (parent) => placed.has(parent) || !known.has(parent),
      ),
    );
    const next = ready.length ? ready : remaining;
    for (const table of next) {
      ordered.push(table);
      placed.add(table.name);
    }
    remaining = remaining.filter((table) => !placed.has(table.name));
  }
  return ordered;
}

/** The migrations applied to this database (their journal `when`), oldest first. */
export async function appliedMigrations(db: Executor): Promise<number[]> {
  const [exists] = await rows<{ present: boolean }>(
    db,
    sql`select to_regclass('drizzle.__drizzle_migrations') is not null as "present"`,
  );
  if (!exists?.present) return [];
  const applied = await rows<{ created_at: string | number }>(
    db,
    sql`select created_at from drizzle.__drizzle_migrations order by created_at`,
  );
  return applied.map((row) => Number(row.created_at));
}

// The same text forms whichever server and whatever its settings.
async function fixTextForms(db: Executor) {
  await db.execute(sql`set local timezone = 'UTC'`);
  await db.execute(sql`set local datestyle = 'ISO, YMD'`);
  await db.execute(sql`set local intervalstyle = 'postgres'`);
  await db.execute(sql`set local bytea_output = 'hex'`);
  await db.execute(sql`set local extra_float_digits = 3`);
}

export interface BackupSummary {
  tables: number;
  rows: number;
}

/**
 * Writes one consistent snapshot of every table as JSON lines: a header, then
 * per table a `{"table"}` line and one array of text values per row, then an
 * end marker that a restore insists on (a cut-off file is refused).
 */
export async function writeBackup(
  db: Database,
  write: (line: string) => Promise<void>,
  { database = "unknown" }: { database?: string } = {},
): Promise<BackupSummary> {
  return db.transaction(async (tx) => {
    await tx.execute(
      sql`set transaction isolation level repeatable read, read only`,
    );
    await fixTextForms(tx);
    const catalog = await readCatalog(tx);
    const tables: BackupTable[] = [];
    for (const table of catalog) {
      const [count] = await rows<{ n: number }>(
        tx,
        sql.raw(`select count(*)::int as n from ${quote(table.name)}`),
      );
      tables.push({
        name: table.name,
        columns: table.columns,
        rows: Number(count?.n ?? 0),
      });
    }
    const header: BackupHeader = {
      format: BACKUP_FORMAT,
      version: BACKUP_VERSION,
      createdAt: new Date().toISOString(),
      database,
      migrations: await appliedMigrations(tx),
      tables,
    };
    await write(JSON.stringify(header));
    let total = 0;
    for (const table of tables) {
      await write(JSON.stringify({ table: table.name } satisfies TableSection));
      if (table.columns.length === 0 || table.rows === 0) continue;
      const select = table.columns
        .map((column, index) => `${quote(column.name)}::text as c${index}`)
        .join(", ");
      await tx.execute(
        sql.raw(
          `declare backup_rows no scroll cursor for select ${select} from ${quote(table.name)}`,
        ),
      );
      for (;;) {
        const batch = await rows<Record<string, string | null>>(
          tx,
          sql.raw(`fetch ${FETCH_ROWS} from backup_rows`),
        );
        for (const row of batch) {
          await write(
            JSON.stringify(
              table.columns.map((_, index) => row[`c${index}`] ?? null),
            ),
          );
        }
        total += batch.length;
        if (batch.length < FETCH_ROWS) break;
      }
      await tx.execute(sql`close backup_rows`);
    }
    await write(JSON.stringify({ end: true, rows: total } satisfies EndMarker));
    return { tables: tables.length, rows: total };
  });
}

export class BackupError extends Error {
  override name = "BackupError";
}

export interface RestoreOptions {
  /** Empty every table first; without it a database holding any row is refused. */
  replace?: boolean;
}

export interface RestoreSummary {
  tables: number;
  rows: number;
  /** Columns the target has and the backup lacks (filled with their defaults). */
  defaulted: string[];
}

/**
 * Loads a backup into a migrated database, in one transaction. The target's
 * migrations must include every one the backup's source had (restore into
 * the same or a newer version of the site); columns added since take their
 * defaults.
 */
export async function restoreBackup(
  db: Database,
  lines: AsyncIterable<string>,
  options: RestoreOptions = {},
): Promise<RestoreSummary> {
  const iterator = lines[Symbol.asyncIterator]();
  const next = async (): Promise<unknown> => {
    for (;;) {
      const { value, done } = await iterator.next();
      if (done) return undefined;
      if (value.trim() === "") continue;
      try {
        return JSON.parse(value) as unknown;
      } catch {
        throw new BackupError(
          "the backup file is damaged (a line is not JSON)",
        );
      }
    }
  };
  const header = (await next()) as Partial<BackupHeader> | undefined;
  if (header?.format !== BACKUP_FORMAT || !Array.isArray(header.tables))
    throw new BackupError("not a backup file written by `npm run backup`");
  if (header.version !== BACKUP_VERSION)
    throw new BackupError(
      `backup format version ${String(header.version)} is not supported (this site reads version ${BACKUP_VERSION})`,
    );
  const expected = new Map(header.tables.map((table) => [table.name, table]));

  return db.transaction(async (tx) => {
    await fixTextForms(tx);
    const known = new Set(await appliedMigrations(tx));
    const newer = (header.migrations ?? []).filter((when) => !known.has(when));
    if (newer.length)
      throw new BackupError(
        `the backup was made by a newer version of the site (${newer.length} migration(s) this database lacks); upgrade the site, then restore`,
      );
    const catalog = new Map(
      (await readCatalog(tx)).map((table) => [table.name, table]),
    );
    const missing = [...expected.keys()].filter((name) => !catalog.has(name));
    if (missing.length)
      throw new BackupError(
        `the database has no table ${missing.join(", ")}: run the migrations first`,
      );

    const occupied: string[] = [];
    for (const name of catalog.keys()) {
      const [row] = await rows<{ any: boolean }>(
        tx,
        sql.raw(`select exists (select 1 from ${quote(name)}) as "any"`),
      );
      if (row?.any) occupied.push(name);
    }
    if (occupied.length && !options.replace)
      throw new BackupError(
        `the database is not empty (${occupied.join(", ")} hold rows); restore into an empty database, or pass --replace to empty it first`,
      );
    const names = [...catalog.keys()].map(quote).join(", ");
    if (options.replace && names)
      await tx.execute(
        sql.raw(`truncate table ${names} restart identity cascade`),
      );

    // The rows are history, not new edits: triggers (change notices, audit
    // rows) stay quiet while they go in. Foreign keys still hold.
    const triggered = await rows<{ table: string }>(
      tx,
      sql`select distinct c.relname as "table" from pg_trigger t
          join pg_class c on c.oid = t.tgrelid
          join pg_namespace n on n.oid = c.relnamespace
          where n.nspname = 'public' and not t.tgisinternal`,
    );
    for (const { table } of triggered)
      await tx.execute(
        sql.raw(`alter table ${quote(table)} disable trigger user`),
      );

    const defaulted: string[] = [];
    let total = 0;
    let current:
      { target: CatalogTable; insert: string; count: number } | undefined;
    let batch: string[] = [];
    let batchBytes = 0;
    const flush = async () => {
      if (!current || batch.length === 0) return;
      await tx.execute(
        sql`${sql.raw(current.insert)} from json_array_elements(${`[${batch.join(",")}]`}::json) as r`,
      );
      batch = [];
      batchBytes = 0;
    };
    const finishTable = async () => {
      await flush();
      if (!current) return;
      const want = expected.get(current.target.name)?.rows ?? 0;
      if (current.count !== want)
        throw new BackupError(
          `the backup file is damaged: ${current.target.name} has ${current.count} rows, its header says ${want}`,
        );
    };

    let ended = false;
    for (;;) {
      const item = await next();
      if (item === undefined) break;
      if (Array.isArray(item)) {
        if (!current)
          throw new BackupError(
            "the backup file is damaged (a row before any table)",
          );
        const line = JSON.stringify(item);
        batch.push(line);
        batchBytes += line.length;
        current.count++;
        total++;
        if (batch.length >= INSERT_ROWS || batchBytes >= INSERT_BYTES)
          await flush();
        continue;
      }
      const record = item as Partial<TableSection & EndMarker>;
      if (record.end) {
        await finishTable();
        current = undefined;
        if (record.rows !== total)
          throw new BackupError(
            "the backup file is damaged (row count at the end differs)",
          );
        ended = true;
        break;
      }
      if (typeof record.table !== "string")
        throw new BackupError("the backup file is damaged (an unknown line)");
      await finishTable();
      const source = expected.get(record.table);
      const target = catalog.get(record.table);
      if (!source || !target)
        throw new BackupError(
          `the backup file is damaged (table ${record.table} is not in its header)`,
        );
      const types = new Map(
        target.columns.map((column) => [column.name, column.type]),
      );
      const unknown = source.columns.filter(
        (column) => !types.has(column.name),
      );
      if (unknown.length)
        throw new BackupError(
          `${record.table} has no column ${unknown.map((column) => column.name).join(", ")} in this database`,
        );
      for (const column of target.columns)
        if (!source.columns.some((known) => known.name === column.name))
          defaulted.push(`${record.table}.${column.name}`);
      const list = source.columns
        .map((column) => quote(column.name))
        .join(", ");
      const values = source.columns
        .map((column, index) => `(r->>${index})::${types.get(column.name)}`)
        .join(", ");
      current = {
        target,
        insert: `insert into ${quote(target.name)} (${list}) ${target.identity ? "overriding system value " : ""}select ${values}`,
        count: 0,
      };
    }
    if (!ended)
      throw new BackupError(
        "the backup file is cut off (no end marker): nothing was restored",
      );

    for (const { table } of triggered)
      await tx.execute(
        sql.raw(`alter table ${quote(table)} enable trigger user`),
      );
    // Serial and identity columns continue after the restored rows.
    for (const table of catalog.values()) {
      for (const column of table.columns) {
        const [sequence] = await rows<{ name: string | null }>(
          tx,
          sql`select pg_get_serial_sequence(${quote(table.name)}, ${column.name}) as "name"`,
        );
        if (!sequence?.name) continue;
        await tx.execute(
          sql.raw(
            `select setval('${sequence.name.replaceAll("'", "''")}', coalesce((select max(${quote(column.name)}) from ${quote(table.name)}), 0) + 1, false)`,
          ),
        );
      }
    }
    return { tables: expected.size, rows: total, defaulted };
  });
}

/** Writes a backup to `file` (gzip'd); a half-written file never takes the name. */
export async function writeBackupFile(
  db: Database,
  file: string,
  options: { database?: string } = {},
): Promise<BackupSummary & { bytes: number }> {
  const partial = `${file}.partial`;
  const gzip = createGzip();
  const out = createWriteStream(partial);
  const finished = new Promise<void>((resolve, reject) => {
    out.on("finish", resolve);
    out.on("error", reject);
    gzip.on("error", reject);
  });
  gzip.pipe(out);
  try {
    const summary = await writeBackup(
      db,
      (line) => writeLine(gzip, line),
      options,
    );
    gzip.end();
    await finished;
    const handle = await open(partial, "r+");
    try {
      await handle.sync();
    } finally {
      await handle.close();
    }
    await rename(partial, file);
    return { ...summary, bytes: out.bytesWritten };
  } catch (error) {
    gzip.destroy();
    out.destroy();
    await rm(partial, { force: true });
    throw error;
  }
}

async function writeLine(stream: Writable, line: string) {
  if (!stream.write(`${line}\n`)) await once(stream, "drain");
}

/** The lines of a backup file, gzip'd or plain. */
export async function* readBackupLines(file: string): AsyncGenerator<string> {
  const handle = await open(file, "r");
  const magic = Buffer.alloc(2);
  try {
    await handle.read(magic, 0, 2, 0);
  } finally {
    await handle.close();
  }
  const raw = createReadStream(file);
  const input: Readable =
    magic[0] === 0x1f && magic[1] === 0x8b ? raw.pipe(createGunzip()) : raw;
  raw.on("error", (error) => input.destroy(error));
  yield* createInterface({ input, crlfDelay: Infinity });
}
