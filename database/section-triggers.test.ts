// Every section table has the three triggers the page cache and the edit
// forms rely on (drizzle/0020_section_table_triggers.sql), and every content
// table announces its changes: a table added without them fails here.
import { sql } from "drizzle-orm";
import { getTableName } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";

import { createTestDatabase, testDatabaseKinds } from "~tests/support/database";
import type { TestDatabase } from "~tests/support/database";

import type { Executor } from "./client";
import { contentTables } from "./content-cache";
import { sectionTables } from "./section-tables";

async function triggersOf(db: Executor, table: string): Promise<string[]> {
  const result = (await db.execute(
    sql`select tgname from pg_trigger
        where tgrelid = ${table}::regclass and not tgisinternal
        order by tgname`,
  )) as unknown as { rows: Array<{ tgname: string }> };
  return result.rows.map((row) => row.tgname);
}

const sectionTriggers = (table: string) => [
  `${table}_bump_version`,
  `${table}_notify_content_changed`,
  `${table}_notify_content_truncated`,
];

describe.each(testDatabaseKinds)(
  "the content tables' triggers on %s",
  (kind) => {
    let database: TestDatabase;
    beforeAll(async () => {
      database = await createTestDatabase(kind);
    });
    afterAll(() => database.dispose());

    test("every section table bumps its version and announces its changes", async () => {
      for (const table of Object.keys(sectionTables))
        expect(await triggersOf(database.db, table)).toEqual(
          sectionTriggers(table),
        );
    });

    test("every table the page cache keeps announces its changes", async () => {
      for (const table of contentTables.map((t) => getTableName(t)))
        expect(await triggersOf(database.db, table)).toEqual(
          expect.arrayContaining([
            `${table}_notify_content_changed`,
            `${table}_notify_content_truncated`,
          ]),
        );
    });

    test("a new section table gets all three from the one helper", async () => {
      await database.db.execute(
        sql`create table new_section (id int primary key, title text, display_order int, version int not null default 1)`,
      );
      await database.db.execute(
        sql`select add_section_table_triggers('new_section')`,
      );
      expect(await triggersOf(database.db, "new_section")).toEqual(
        sectionTriggers("new_section"),
      );
      await database.db.execute(
        sql`insert into new_section (id, title, display_order) values (1, 'a', 1)`,
      );
      await database.db.execute(sql`update new_section set title = 'b'`);
      const row = (await database.db.execute(
        sql`select version from new_section`,
      )) as unknown as { rows: Array<{ version: number }> };
      expect(row.rows[0]?.version).toBe(2);
    });
  },
);
