// For tests: puts one row into every empty table of the public schema, found
// in the catalog, so backup and upgrade tests cover tables added after they
// were written. Required columns get a plain value of their type, foreign keys
// point at a row of the parent (filled first), everything else takes its
// default.
import { sql } from "drizzle-orm";

import type { Database } from "~database/client";

import { tablesInOrder } from "./table-rows";

interface ColumnFacts {
  table: string;
  column: string;
  type: string;
  required: boolean;
  enumLabel: string | null;
  parentTable: string | null;
  parentColumn: string | null;
}

const quote = (name: string) => `"${name.replaceAll('"', '""')}"`;
const literal = (text: string) => `'${text.replaceAll("'", "''")}'`;

function valueFor(column: ColumnFacts): string {
  if (column.parentTable && column.parentColumn)
    return `(select ${quote(column.parentColumn)} from ${quote(column.parentTable)} limit 1)`;
  if (column.enumLabel !== null) return literal(column.enumLabel);
  const type = column.type;
  if (type.endsWith("[]")) return `'{}'`;
  if (/^(text|character varying|character|citext)/.test(type))
    return literal(`Sample ${column.table} ${column.column}`);
  if (/^(smallint|integer|bigint|numeric|real|double precision)/.test(type))
    return "1";
  if (type === "boolean") return "true";
  if (type === "uuid") return "gen_random_uuid()";
  if (type.startsWith("timestamp")) return "now()";
  if (type === "date") return "current_date";
  if (type === "jsonb" || type === "json") return `'{}'`;
  if (type === "bytea") return `'\\x00'`;
  if (type === "interval") return `'1 hour'`;
  if (type === "tsvector") return `''`;
  throw new Error(
    `sample-rows: no sample value for ${column.table}.${column.column} (${type}); add one`,
  );
}

/** Inserts one row into each empty table; returns the tables it filled. */
export async function fillEmptyTables(db: Database): Promise<string[]> {
  const facts = (
    (await db.execute(sql`
      select c.relname as "table", a.attname as "column",
             format_type(a.atttypid, a.atttypmod) as "type",
             a.attnotnull and not a.atthasdef and a.attidentity = '' and a.attgenerated = '' as "required",
             (select e.enumlabel from pg_enum e where e.enumtypid = a.atttypid order by e.enumsortorder limit 1) as "enumLabel",
             parent.relname as "parentTable", pa.attname as "parentColumn"
      from pg_attribute a
      join pg_class c on c.oid = a.attrelid
      join pg_namespace n on n.oid = c.relnamespace
      left join pg_constraint k on k.conrelid = c.oid and k.contype = 'f'
        and array_length(k.conkey, 1) = 1 and k.conkey[1] = a.attnum and k.confrelid <> c.oid
      left join pg_class parent on parent.oid = k.confrelid
      left join pg_attribute pa on pa.attrelid = k.confrelid and pa.attnum = k.confkey[1]
      where n.nspname = 'public' and c.relkind in ('r', 'p') and a.attnum > 0 and not a.attisdropped
      order by c.relname, a.attnum`)) as unknown as { rows: ColumnFacts[] }
  ).rows;
  const filled: string[] = [];
  // Parents first, so a child's foreign key finds its parent's row.
  const tables = await tablesInOrder(db);
  for (const table of tables) {
    const [row] = (
      (await db.execute(
        sql.raw(`select exists (select 1 from ${quote(table)}) as "any"`),
      )) as unknown as { rows: Array<{ any: boolean }> }
    ).rows;
    if (row?.any) continue;
    const columns = facts.filter(
      (column) =>
        column.table === table && (column.required || column.parentTable),
    );
    const statement = columns.length
      ? `insert into ${quote(table)} (${columns.map((column) => quote(column.column)).join(", ")}) values (${columns.map(valueFor).join(", ")})`
      : `insert into ${quote(table)} default values`;
    await db.execute(sql.raw(statement));
    filled.push(table);
  }
  return filled;
}
