// npm run bench:freshness: how long a committed edit takes to show. Two
// production instances on one fresh PostgreSQL database; for each of
// FRESHNESS_EDITS (default 50) edits, About is cached on both (a page-cache
// hit), a core value's title is changed with plain SQL, and each instance is
// asked for About back to back until it serves the new title. The time runs
// from the UPDATE's acknowledgement (it is committed) to the end of the first
// response that shows it. Prints figures; asserts nothing.
//
// BENCH_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/test) is the
// PostgreSQL server; BUILD_DIR names the build. The servers take free ports,
// or PORT and PORT + 1.
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { performance } from "node:perf_hooks";

import pg from "pg";

import { createSeededPostgres } from "./lib/database";
import { freePort, launchServer } from "./lib/server";
import type { RunningServer } from "./lib/server";

const edits = Number(process.env.FRESHNESS_EDITS ?? 50);
const adminUrl =
  process.env.BENCH_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/test";
const work = mkdtempSync(path.join(tmpdir(), "freshness-"));

async function about(server: RunningServer) {
  const response = await fetch(`${server.url}/about`);
  return {
    hit: response.headers.get("x-page-cache") === "hit",
    html: await response.text(),
  };
}

/** Milliseconds from `since` to the end of the first response containing `text`. */
async function untilServed(
  server: RunningServer,
  text: string,
  since: number,
): Promise<number> {
  for (;;) {
    const { html } = await about(server);
    if (html.includes(text)) return performance.now() - since;
    if (performance.now() - since > 30_000) {
      throw new Error(`${server.url} did not show the edit in 30 s`);
    }
  }
}

const quantile = (values: number[], q: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];
};
const ms = (value: number | undefined) => `${(value ?? NaN).toFixed(1)} ms`;

const database = await createSeededPostgres(adminUrl, "freshness");
const owner = new pg.Client({ connectionString: database.url });
const servers: RunningServer[] = [];
try {
  await owner.connect();
  const basePort = process.env.PORT ? Number(process.env.PORT) : undefined;
  for (const index of [0, 1]) {
    servers.push(
      await launchServer({
        siteUrlIsServed: true,
        name: `instance ${index}`,
        port: basePort === undefined ? await freePort() : basePort + index,
        env: { DATABASE_URL: database.url, LOG_LEVEL: "warn" },
        log: path.join(work, `instance-${index}.log`),
      }),
    );
  }
  const perInstance: number[][] = servers.map(() => []);
  const both: number[] = [];
  let hitsBetweenEdits = 0;
  for (let edit = 0; edit < edits; edit++) {
    for (const server of servers) {
      await about(server);
      if ((await about(server)).hit) hitsBetweenEdits += 1;
    }
    const title = `Freshness ${edit} ${Date.now()}`;
    await owner.query(
      `update core_values set title = $1
       where id = (select id from core_values order by display_order, id limit 1)`,
      [title],
    );
    const committed = performance.now();
    const times = await Promise.all(
      servers.map((server) => untilServed(server, title, committed)),
    );
    times.forEach((time, index) => perInstance[index]?.push(time));
    both.push(Math.max(...times));
  }
  console.log(
    `\n## Edit to visible: ${edits} edits, two instances, PostgreSQL\n`,
  );
  console.log("| instance | median | p90 | worst |");
  console.log("| -------- | ------ | --- | ----- |");
  const row = (name: string, values: number[]) =>
    console.log(
      `| ${name} | ${ms(quantile(values, 0.5))} | ${ms(quantile(values, 0.9))} | ${ms(Math.max(...values))} |`,
    );
  perInstance.forEach((values, index) => row(`instance ${index + 1}`, values));
  row("both (the later of the two)", both);
  console.log(
    `\nPage-cache hits just before each edit: ${hitsBetweenEdits} of ${edits * servers.length}`,
  );
} finally {
  await Promise.all(servers.map((server) => server.stop()));
  await owner.end();
  await database.drop();
}
