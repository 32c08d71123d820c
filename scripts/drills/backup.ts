// Drill: backups that restore. A PostgreSQL-backed instance is seeded and
// takes contact messages; `npm run backup` runs while it serves (and while
// more messages arrive); `npm run restore` loads the file into a fresh
// PostgreSQL database and a fresh embedded (PGlite) directory. Every table's
// rows must be the same in both restored databases, and every public page
// (the sitemap's) must show the same main content on all three sites. The
// embedded site's own backups (made by the running site) are covered by
// server/backups.test.ts and the engine pairs by database/backup.test.ts.
import { execFile } from "node:child_process";
import { mkdirSync } from "node:fs";
import path from "node:path";
import { promisify } from "node:util";

import { IDEMPOTENCY_FIELD } from "~/lib/contact";
import { openDatabase } from "~database/client";
import { importContent } from "~database/seed";
import { startLoopbackSmtp } from "~tests/support/smtp";
import { tableRows } from "~tests/support/table-rows";
import { freshDatabase } from "./support/database";
import { LOG_DIR, PORT_BASE, startInstance } from "./support/processes";
import type { Instance } from "./support/processes";
import { drillResult } from "./support/reporting";
import { runConcurrently, submitMessage, token } from "./support/visitors";

const run = promisify(execFile);

// The three sites answer as one public origin, so links built from SITE_URL
// (the calendar's webcal:// link, canonical URLs) match across them.
const SAME_SITE = { SITE_URL: "https://site.example" };

async function snapshot(options: { databaseUrl?: string; dataDir?: string }) {
  const database = await openDatabase({
    databaseUrl: options.databaseUrl,
    dataDir: options.dataDir ?? "",
  });
  try {
    return await tableRows(database.db);
  } finally {
    await database.close();
  }
}

function differences(
  expected: Map<string, string[]>,
  actual: Map<string, string[]>,
): string[] {
  const problems: string[] = [];
  for (const [table, rows] of expected) {
    const other = actual.get(table);
    if (!other) problems.push(`${table} missing`);
    else if (JSON.stringify(other) !== JSON.stringify(rows))
      problems.push(
        `${table}: ${rows.length} rows in one, ${other.length} in the other, or different values`,
      );
  }
  return problems;
}

/**
 * The page's <main>, with what differs per response taken out: nonces, and
 * the contact form's idempotency key (a new one per rendering, by design).
 */
function mainContent(html: string): string {
  const main = /<main[\s\S]*<\/main>/.exec(html)?.[0] ?? "";
  return main
    .replace(/ nonce="[^"]*"/g, "")
    .replace(
      new RegExp(`(name="${IDEMPOTENCY_FIELD}" value=")[^"]*"`, "g"),
      '$1"',
    );
}

export async function backupDrill({ messages = 200, concurrency = 10 } = {}) {
  const result = drillResult(
    "backup: back up while serving, restore into PostgreSQL and PGlite",
  );
  const dir = path.join(LOG_DIR, "backup");
  mkdirSync(dir, { recursive: true });
  const source = await freshDatabase("16_backup_source");
  const target = await freshDatabase("16_backup_target");
  const pgliteDir = path.join(dir, "restored-pglite");
  const file = path.join(dir, "site.sql.gz");
  const smtp = await startLoopbackSmtp({ port: PORT_BASE + 56 });
  const instances: Instance[] = [];
  try {
    const seeded = await openDatabase({ databaseUrl: source.url, dataDir: "" });
    try {
      await seeded.migrate();
      await importContent(seeded.db, path.resolve("content"));
    } finally {
      await seeded.close();
    }
    const original = await startInstance({
      name: "backup-source",
      port: PORT_BASE + 50,
      databaseUrl: source.url,
      smtpUrl: `smtp://127.0.0.1:${smtp.port}`,
      readyTimeoutMs: 180_000,
      env: { ...SAME_SITE },
    });
    instances.push(original);
    await runConcurrently(messages / 2, concurrency, (index) =>
      submitMessage(original, index, token("backup", index)),
    );

    // The backup runs while the site takes more messages.
    const env = { ...process.env, DATABASE_URL: source.url };
    const during = runConcurrently(messages / 2, concurrency, (index) =>
      submitMessage(
        original,
        messages / 2 + index,
        token("backup", messages / 2 + index),
      ),
    );
    const started = Date.now();
    const backup = await run(
      process.execPath,
      ["node_modules/.bin/tsx", "scripts/backup.ts", "--out", file],
      { env },
    );
    result.figure(
      "backup (while serving)",
      `${backup.stdout.trim()} [${Date.now() - started} ms]`,
    );
    const sent = await during;
    result.figure(
      "messages acknowledged while backing up",
      sent.filter((submission) => submission.acknowledged).length,
    );

    const restoreInto = async (variables: Record<string, string>) => {
      const output = await run(
        process.execPath,
        ["node_modules/.bin/tsx", "scripts/restore.ts", file],
        {
          env: { ...process.env, DATABASE_URL: "", ...variables },
        },
      );
      return output.stdout.trim();
    };
    result.figure(
      "restore into PostgreSQL",
      await restoreInto({ DATABASE_URL: target.url }),
    );
    result.figure(
      "restore into PGlite",
      await restoreInto({ DATA_DIR: pgliteDir }),
    );
    const refused = await restoreInto({ DATABASE_URL: target.url }).then(
      () => "accepted",
      (error: { stderr?: string }) => (error.stderr ?? "").trim(),
    );
    result.figure("restore into the now non-empty database", refused);
    if (!/not empty/.test(refused))
      result.problem("a restore into a non-empty database was not refused");

    const intoPostgres = await snapshot({ databaseUrl: target.url });
    const intoPglite = await snapshot({ dataDir: pgliteDir });
    const rows = [...intoPostgres.values()].reduce(
      (sum, list) => sum + list.length,
      0,
    );
    result.figure("tables / rows restored", `${intoPostgres.size} / ${rows}`);
    const messageRows = intoPostgres.get("messages")?.length ?? 0;
    result.figure("messages in the backup", messageRows);
    if (messageRows < messages / 2)
      result.problem(
        "the backup lacks messages acknowledged before it started",
      );
    const problems = differences(intoPostgres, intoPglite);
    result.figure(
      "rows restored into PostgreSQL and PGlite identical",
      problems.length ? "no" : "yes",
    );
    for (const problem of problems) result.problem(problem);

    // Every public page, on the original and on both restored sites.
    const restoredPg = await startInstance({
      name: "backup-restored-postgres",
      port: PORT_BASE + 51,
      databaseUrl: target.url,
      readyTimeoutMs: 180_000,
      env: { ...SAME_SITE },
    });
    instances.push(restoredPg);
    const restoredPglite = await startInstance({
      name: "backup-restored-pglite",
      port: PORT_BASE + 52,
      databaseUrl: "",
      readyTimeoutMs: 180_000,
      env: { ...SAME_SITE, DATA_DIR: pgliteDir },
    });
    instances.push(restoredPglite);
    const sitemap = await (await fetch(`${original.url}/sitemap.xml`)).text();
    const paths = [...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)].map(
      (match) => new URL(match[1] ?? "/").pathname,
    );
    let same = 0;
    for (const pathname of paths) {
      const [a, b, c] = await Promise.all(
        [original, restoredPg, restoredPglite].map(async (instance) =>
          mainContent(await (await fetch(`${instance.url}${pathname}`)).text()),
        ),
      );
      if (!a) result.problem(`${pathname}: no <main> on the original`);
      else if (a === b && a === c) same++;
      else {
        const other = a === b ? (c ?? "") : (b ?? "");
        let at = 0;
        while (at < a.length && a[at] === other[at]) at++;
        const around = (text: string) =>
          JSON.stringify(text.slice(Math.max(0, at - 80), at + 80));
        result.problem(
          `${pathname}: main content differs after the restore, first at ${around(a)} vs ${around(other)}`,
        );
      }
    }
    result.figure(
      "public pages (sitemap) with identical main content",
      `${same} of ${paths.length}`,
    );
  } finally {
    await Promise.all(instances.map((instance) => instance.stop()));
    await smtp.close();
    await source.drop();
    await target.drop();
  }
  return result;
}
