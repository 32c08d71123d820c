// For tests: the public schema's tables, found in the catalog (so tests
// cover tables added after they were written), and every table's rows in
// PostgreSQL's text form, which is what "the same data" means for the backup
// and upgrade tests.
import { sql } from "drizzle-orm";

import type { Database } from "~database/client";

type Executor = Pick<Database, "execute">;

async function rows<T>(db: Executor, query: ReturnType<typeof sql>) {
  const result = await db.execute(query);
  return (result as { rows: T[] }).rows;
}

const quote = (name: string) => `"${name.replaceAll('"', '""')}"`;

/** The public schema's tables, parents (foreign keys) before children. */
export async function tablesInOrder(db: Executor): Promise<string[]> {
  const tables = await rows<{ name: string }>(
    db,
    sql`select c.relname as "name" from pg_class c
        join pg_namespace n on n.oid = c.relnamespace
        where n.nspname = 'public' and c.relkind in ('r', 'p') and not c.relispartition
        order by c.relname`,
  );
  const references = await rows<{ child: string; parent: string }>(
    db,
    sql`select child.relname as "child", parent.relname as "parent"
        from pg_constraint k
        join pg_class child on child.oid = k.conrelid
        join pg_class parent on parent.oid = k.confrelid
        join pg_namespace n on n.oid = child.relnamespace
        where k.contype = 'f' and n.nspname = 'public' and child.oid <> parent.oid`,
  );
  const ordered: string[] = [];
  let remaining = tables.map((table) => table.name);
  while (remaining.length) {
    const ready = remaining.filter((name) =>
      references.every(
        (reference) =>
          reference.child !== name || ordered.includes(reference.parent),
      ),
    );
    // Tables in a cycle keep name order after the rest.
    const next = ready.length ? ready : remaining;
    ordered.push(...next);
    remaining = remaining.filter((name) => !next.includes(name));
  }
  return ordered;
}

/** Every public table's rows as text, sorted, by table name. */
export async function tableRows(db: Executor): Promise<Map<string, string[]>> {
  const snapshot = new Map<string, string[]>();
  for (const table of (await tablesInOrder(db)).sort()) {
    const text = await rows<{ row: string }>(
      db,
      sql.raw(`select t::text as "row" from ${quote(table)} t`),
    );
    snapshot.set(table, text.map((row) => row.row).sort());
  }
  return snapshot;
}
