// npm run bench: throughput and latency of the production server, each page
// beside the same server sending a static file of the same size, plus the
// contact form's stored messages per second and the server's peak memory on
// PGlite and on PostgreSQL. Prints figures; asserts nothing about time.
//
// BENCH_SECONDS (default 10) per measurement, BENCH_CONNECTIONS (default 20).
// BENCH_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/test) is the
// PostgreSQL server; a fresh database is created on it and dropped after.
// BENCH_ONLY=pages or BENCH_ONLY=contact runs one half (contact work is
// measured far more often than pages). BUILD_DIR names the build, as for the
// server.
// The load generator runs in this process, on the same machine (wrk, its own
// process, for counting's cost).
// `npm run bench -- --posts 2000` adds 2,000 generated posts to both
// databases (database/fixture.ts) and measures every archive, a search and
// the feeds beside the pages above; `--images 500 --messages 5000` add the
// studio's share. Either way the studio's lists are measured signed in as
// the owner, one request at a time (scripts/lib/studio-lists.ts).
// BENCH_ONLY=readers measures counting's cost (BENCH_READER_ROUNDS rounds,
// default 3, of off, on, on, off), loaded by wrk (Debian's package, a far
// lighter load generator: decision 053), with the server's and PostgreSQL's
// CPU a request, and the Readers screen's figures at BENCH_READER_VIEWS
// views (default 1,000,000) on both databases.
// BENCH_ONLY=related times a post's previous, next and related posts at
// 2,000 posts, in this process (scripts/lib/bench-related.ts); every run
// without BENCH_ONLY ends with it.
import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { setTimeout as sleep } from "node:timers/promises";

import autocannon from "autocannon";
import { count } from "drizzle-orm";
import pg from "pg";

import {
  dailyFigures,
  topValues,
  viewsByPost,
  visitorsNow,
} from "~/data/readers.server";
import { maintainReaders, shiftDay, utcDay } from "~/data/reader-views.server";
import { readersReport } from "~/studio/readers.server";
import { openDatabase } from "~database/client";
import type { Database } from "~database/client";
import { seedReaderViews } from "~database/reader-fixture";
import { messages, posts } from "~database/schema";
import { importContent } from "~database/seed";

import {
  documentBytes,
  firstPostPath,
  firstTouchMicros,
  fixturePostsArgument,
  hostMemoryNote,
  prepareFixtureDatabase,
  readClientBuild,
} from "./lib/budgets";
import { benchRelatedPosts } from "./lib/bench-related";
import { createSeededPostgres } from "./lib/database";
import { launchServer } from "./lib/server";
import type { RunningServer } from "./lib/server";
import {
  seedStudioFixture,
  studioFixtureArguments,
} from "./lib/studio-fixture";
import {
  createStudioOwner,
  measureStudioLists,
  signInAsStudioOwner,
  studioListTable,
} from "./lib/studio-lists";
import {
  postgresCpu,
  postgresCpuBetween,
  processCpuMicros,
} from "./lib/process-cpu";
import { wrkLoad } from "./lib/wrk";

const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 20);
const adminUrl =
  process.env.BENCH_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/test";
const only = process.env.BENCH_ONLY;
/** Rounds of off, on, on, off for counting's cost (issue 27). */
const readerRounds = Number(process.env.BENCH_READER_ROUNDS ?? 3);
if (
  only !== undefined &&
  only !== "pages" &&
  only !== "contact" &&
  only !== "readers" &&
  only !== "related"
) {
  throw new Error(
    `BENCH_ONLY is "pages", "contact", "readers" or "related", not "${only}"`,
  );
}
const fixturePosts = fixturePostsArgument();
const studioFixture = studioFixtureArguments();
const benchPages = only === undefined || only === "pages";
const benchContact = only === undefined || only === "contact";
const benchReaders = only === undefined || only === "readers";

interface Figures {
  requestsPerSecond: number;
  p50: number;
  p99: number;
  non2xx: number;
  errors: number;
  total: number;
}

async function load(
  options: autocannon.Options,
  duration = seconds,
): Promise<Figures> {
  const result = await autocannon({ connections, duration, ...options });
  return {
    requestsPerSecond: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    non2xx: result.non2xx,
    errors: result.errors + result.timeouts,
    total: result.requests.total,
  };
}

const work = mkdtempSync(path.join(tmpdir(), "bench-"));
const build = readClientBuild(process.env.BUILD_DIR);
const staticFiles: string[] = [];
const lines: string[] = [];
const report = (line = "") => {
  lines.push(line);
  console.log(line);
};

/** A file of exactly `bytes` bytes in the client build, served by express.static to a server started after it is written. */
function staticTwin(bytes: number): string {
  const name = `bench-${randomBytes(4).toString("hex")}.html`;
  const file = path.join(build.dir, name);
  writeFileSync(
    file,
    randomBytes(Math.ceil(bytes / 2))
      .toString("hex")
      .slice(0, bytes),
  );
  staticFiles.push(file);
  return `/${name}`;
}

interface Target {
  name: string;
  pathname: string;
  bytes: number;
  gzip: number;
  /** A static file of the same size, in the build before the server starts. */
  twin: string;
}

/**
 * Starts the server for the page measurements: once to learn each page's
 * size, then again once every page's static twin is in the build (the server
 * lists the build's files when it starts, decision 011).
 */
async function startForPages(
  env: NodeJS.ProcessEnv,
  logFile: string,
): Promise<{ server: RunningServer; targets: Target[] }> {
  const launch = () =>
    launchServer({ siteUrlIsServed: true, env, log: logFile });
  const first = await launch();
  if (!benchPages) return { server: first, targets: [] };
  let targets: Target[];
  try {
    targets = await measureTargets(first);
  } finally {
    await first.stop();
  }
  return { server: await launch(), targets };
}

async function measureTargets(server: RunningServer): Promise<Target[]> {
  const targets: Array<readonly [string, string]> = [
    ["Home", "/"],
    ["Content Hub", "/content-hub"],
    ["Post", await firstPostPath(server.url)],
  ];
  if (fixturePosts > 0) {
    targets.push(
      ["Content Hub, page 40", "/content-hub?page=40"],
      ["Hiking", "/hiking"],
      ["Music", "/music"],
      ["Travel", "/travel"],
      ["Search", "/search?q=alpine+lake"],
      ["Search, page 5", "/search?q=encore&page=5"],
      ["RSS", "/rss.xml"],
      ["Sitemap", "/sitemap.xml"],
    );
  }
  const measured: Target[] = [];
  for (const [name, pathname] of targets) {
    const { raw: bytes, gzip } = await documentBytes(server.url + pathname);
    measured.push({ name, pathname, bytes, gzip, twin: staticTwin(bytes) });
  }
  return measured;
}

async function pages(server: RunningServer, targets: Target[]) {
  report(
    "| page | bytes | gzip bytes | req/s | p50 ms | p99 ms | static req/s | static p99 ms | ratio | br req/s | br p99 ms | non-2xx |",
  );
  report("|---|---|---|---|---|---|---|---|---|---|---|---|");
  for (const { name, pathname, bytes, gzip, twin } of targets) {
    await load({ url: server.url + pathname }, 2); // warm-up
    const page = await load({ url: server.url + pathname });
    await load({ url: server.url + twin }, 2);
    const file = await load({ url: server.url + twin });
    // As a browser asks for it: a kept page goes out as the brotli made once (decision 025).
    const brotli = { "accept-encoding": "br" };
    await load({ url: server.url + pathname, headers: brotli }, 2);
    const br = await load({ url: server.url + pathname, headers: brotli });
    report(
      `| ${name} (${pathname}) | ${bytes} | ${gzip} | ${page.requestsPerSecond.toFixed(0)} | ${page.p50} | ${page.p99} | ${file.requestsPerSecond.toFixed(0)} | ${file.p99} | ${(page.requestsPerSecond / file.requestsPerSecond).toFixed(2)} | ${br.requestsPerSecond.toFixed(0)} | ${br.p99} | ${page.non2xx + page.errors + br.non2xx + br.errors} |`,
    );
  }
}

/** Gives each request its own forwarded address, as if from its own visitor. */
function fromOwnAddresses(): NonNullable<autocannon.Request["setupRequest"]> {
  let visitor = 0;
  return (request) => {
    visitor += 1;
    const ip = `10.${(visitor >> 16) & 255}.${(visitor >> 8) & 255}.${visitor & 255}`;
    return {
      ...request,
      headers: { ...request.headers, "x-forwarded-for": ip },
    };
  };
}

interface ContactRun {
  figures: Figures;
  seconds: number;
  /** Whether the probe POST before the run was accepted (it stores one message). */
  probeStored: boolean;
}

/**
 * Contact POSTs as a form without JavaScript sends them, each from its own
 * (forwarded) address, so per-visitor rate limits do not turn the benchmark
 * into a rate-limit test.
 */
async function contact(server: RunningServer): Promise<ContactRun | null> {
  const body = new URLSearchParams({
    name: "Avery Benchmark",
    email: "bench@example.org",
    message: "Load test message: the contact form under sustained traffic.",
  }).toString();
  const probe = await fetch(`${server.url}/contact`, {
    method: "POST",
    redirect: "manual",
    headers: {
      "Content-Type": "application/x-www-form-urlencoded",
      Origin: server.url,
      "X-Forwarded-For": "10.255.255.254",
    },
    body,
  });
  if (probe.status === 404 || probe.status === 405) {
    report(
      `contact POST: /contact has no action on this build (HTTP ${probe.status}); skipped`,
    );
    return null;
  }
  const started = Date.now();
  const figures = await load({
    url: server.url,
    requests: [
      {
        method: "POST",
        path: "/contact",
        headers: {
          "content-type": "application/x-www-form-urlencoded",
          origin: server.url,
        },
        body,
        setupRequest: fromOwnAddresses(),
      },
    ],
  });
  return {
    figures,
    seconds: (Date.now() - started) / 1000,
    probeStored: probe.status < 400,
  };
}

function reportContact(run: ContactRun, stored: number) {
  const { figures } = run;
  report(
    `contact POST: ${figures.requestsPerSecond.toFixed(0)} req/s, p50 ${figures.p50} ms, p99 ${figures.p99} ms; ${stored} messages stored = ${(stored / run.seconds).toFixed(0)} stored/s (non-2xx ${figures.non2xx}, errors ${figures.errors})`,
  );
}

async function countMessages(database: {
  db: Awaited<ReturnType<typeof openDatabase>>["db"];
}): Promise<number> {
  const [row] = await database.db.select({ n: count() }).from(messages);
  return row?.n ?? 0;
}

/** The owner account and the studio's fixture, before the server opens the database. */
async function prepareStudio(
  target: { dataDir: string } | { databaseUrl: string },
) {
  if (!benchPages) return;
  await createStudioOwner(target);
  await seedStudioFixture(target, studioFixture);
}

/** The studio's lists beside the public pages: size and server time, signed in. */
async function studioLists(server: RunningServer) {
  if (!benchPages) return;
  const cookie = await signInAsStudioOwner(server.url);
  report("");
  for (const line of studioListTable(
    await measureStudioLists(server.url, cookie),
  ))
    report(line);
}

async function pglite() {
  report("\n## PGlite (embedded, seeded on first start)\n");
  const dataDir = path.join(work, "pglite");
  if (fixturePosts > 0) {
    await prepareFixtureDatabase({ dataDir }, fixturePosts);
  }
  await prepareStudio({ dataDir });
  const { server, targets } = await startForPages(
    { DATA_DIR: dataDir, LOG_LEVEL: "warn", TRUST_PROXY: "1" },
    path.join(work, "pglite.log"),
  );
  const run = await (async () => {
    try {
      if (benchPages) await pages(server, targets);
      await studioLists(server);
      return benchContact ? await contact(server) : null;
    } finally {
      const peak = server.peakMemoryBytes();
      await server.stop();
      report(`server peak memory (VmHWM): ${mb(peak)}`);
    }
  })();
  if (!run) return;
  // The embedded database belongs to the server process: count once it has stopped.
  const database = await openDatabase({ dataDir });
  try {
    const total = await countMessages(database);
    reportContact(run, total - (run.probeStored ? 1 : 0));
  } finally {
    await database.close();
  }
}

async function postgres() {
  report(
    "\n## PostgreSQL (fresh database, migrated and seeded from content/)\n",
  );
  const name = `bench_${randomBytes(4).toString("hex")}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  try {
    await admin.connect();
  } catch (error) {
    report(`PostgreSQL at ${adminUrl} is not reachable: ${String(error)}`);
    return;
  }
  await admin.query(`create database ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const database = await openDatabase({
    databaseUrl: url.toString(),
    dataDir: "",
  });
  let server: RunningServer | undefined;
  try {
    await database.migrate();
    await importContent(database.db, path.resolve("content"));
    if (fixturePosts > 0) {
      await prepareFixtureDatabase(
        { databaseUrl: url.toString() },
        fixturePosts,
      );
    }
    await prepareStudio({ databaseUrl: url.toString() });
    const started = await startForPages(
      { DATABASE_URL: url.toString(), LOG_LEVEL: "warn", TRUST_PROXY: "1" },
      path.join(work, "postgres.log"),
    );
    server = started.server;
    if (benchPages) await pages(server, started.targets);
    await studioLists(server);
    const before = await countMessages(database);
    const run = benchContact ? await contact(server) : null;
    if (run) {
      const stored = (await countMessages(database)) - before;
      reportContact(run, stored - (run.probeStored ? 1 : 0));
    }
  } finally {
    const peak = server?.peakMemoryBytes();
    await server?.stop();
    if (server) report(`server peak memory (VmHWM): ${mb(peak)}`);
    await database.close();
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  }
}

/**
 * Issue 27: a kept page's throughput with reader counting off and on (each
 * request a browser from its own address, so every one is counted), and
 * each figure of the Readers screen with BENCH_READER_VIEWS (default
 * 1,000,000) views in the last 30 days, on both databases.
 */
async function readers() {
  report("\n## Readers: counting cost and the figures at scale\n");
  const fresh = await createSeededPostgres(adminUrl, "bench_readers");
  try {
    const userAgent =
      "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Safari/537.36";
    // wrk, not autocannon, loads the server here: what is measured is what
    // counting costs the server, and autocannon took as much of the two
    // cores as the server did, so the database's share of counting came out
    // of both (decision 053).
    const counted = (url: string, duration = seconds) =>
      wrkLoad({
        url,
        connections,
        seconds: duration,
        headers: { "User-Agent": userAgent },
        ownAddresses: true,
      });
    report(
      "| kept page /about, PostgreSQL | req/s | p50 ms | p99 ms | failed | server CPU µs a request | PostgreSQL CPU µs a request |",
    );
    report("|---|---|---|---|---|---|---|");
    const runs: Record<"on" | "off", number[]> = { on: [], off: [] };
    // Off, on, on, off each round, so a drift in the host's speed during a
    // round weighs on both alike; each run starts from a settled database
    // (the last run's views vacuumed and checkpointed), so one run's
    // background writing does not land in the next one's time.
    const settle = new pg.Client({ connectionString: fresh.url });
    await settle.connect();
    try {
      for (let round = 0; round < readerRounds; round += 1) {
        for (const counting of ["off", "on", "on", "off"] as const) {
          await settle.query("vacuum analyze reader_views");
          await settle.query("checkpoint");
          const server = await launchServer({
            siteUrlIsServed: true,
            env: {
              DATABASE_URL: fresh.url,
              LOG_LEVEL: "warn",
              TRUST_PROXY: "1",
              READERS_COUNTING: counting,
            },
            log: path.join(work, `readers-${counting}.log`),
          });
          try {
            await counted(`${server.url}/about`, 2); // warm-up, and the page kept
            const pid = server.process.pid;
            if (pid === undefined) throw new Error("the server has no pid");
            const serverBefore = processCpuMicros(pid);
            const databaseBefore = postgresCpu();
            const figures = await counted(`${server.url}/about`);
            // The run's last views are still buffered: wait for their batch
            // (written within the flush interval), so the database's share
            // of them counts in this run.
            await sleep(1500);
            const serverUsed = processCpuMicros(pid) - serverBefore;
            const databaseUsed = postgresCpuBetween(
              databaseBefore,
              postgresCpu(),
            );
            runs[counting].push(figures.requestsPerSecond);
            const each = (micros: number) =>
              (micros / Math.max(1, figures.total)).toFixed(1);
            report(
              `| counting ${counting} | ${figures.requestsPerSecond.toFixed(0)} | ${figures.p50.toFixed(1)} | ${figures.p99.toFixed(1)} | ${figures.failed} | ${each(serverUsed)} | ${each(databaseUsed)} |`,
            );
          } finally {
            await server.stop();
          }
        }
      }
    } finally {
      await settle.end();
    }
    const median = (values: number[]) => {
      const sorted = [...values].sort((a, b) => a - b);
      const middle = sorted.length >> 1;
      return sorted.length % 2 === 1
        ? (sorted[middle] ?? 0)
        : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2;
    };
    const client = new pg.Client({ connectionString: fresh.url });
    await client.connect();
    const stored = await client
      .query<{ n: string }>("select count(*)::text as n from reader_views")
      .finally(() => client.end());
    report(
      `\ncounting on: ${((median(runs.on) / median(runs.off)) * 100).toFixed(1)}% of counting off's requests a second (medians of ${runs.on.length} runs each: on ${median(runs.on).toFixed(0)}, off ${median(runs.off).toFixed(0)}); ${stored.rows[0]?.n ?? 0} views stored (every counted request, written after the stop's last batch)`,
    );
  } finally {
    await fresh.drop();
  }

  const views = Number(process.env.BENCH_READER_VIEWS ?? 1_000_000);
  const pgFigures = await createSeededPostgres(adminUrl, "bench_readers");
  try {
    const database = await openDatabase({
      databaseUrl: pgFigures.url,
      dataDir: "",
    });
    try {
      await readerFigures("PostgreSQL", database.db, views);
    } finally {
      await database.close();
    }
  } finally {
    await pgFigures.drop();
  }
  const database = await openDatabase({
    dataDir: path.join(work, "readers-pglite"),
  });
  try {
    await database.migrate();
    await importContent(database.db, path.resolve("content"));
    await readerFigures("PGlite", database.db, views);
  } finally {
    await database.close();
  }
}

/** Times each figure of the Readers screen (its loader's reads) over `views` generated views. */
async function readerFigures(name: string, db: Database, views: number) {
  const now = new Date();
  let started = performance.now();
  await seedReaderViews(db, { count: views, days: 30, now });
  const seeded = performance.now() - started;
  started = performance.now();
  const { folded } = await maintainReaders(db, now);
  const folding = performance.now() - started;
  report(
    `\n${name}: ${views} views over 30 days generated in ${(seeded / 1000).toFixed(1)} s; ${folded.length} days folded in ${(folding / 1000).toFixed(1)} s (${(folding / Math.max(1, folded.length)).toFixed(0)} ms a day)\n`,
  );
  const today = utcDay(now);
  const last30 = { from: shiftDay(today, -29), to: today };
  const postIds = (await db.select({ id: posts.id }).from(posts)).map(
    (post) => post.id,
  );
  const figures: Array<[string, () => Promise<unknown>]> = [
    ["screen, today", () => readersReport(db, { from: today, to: today }, now)],
    [
      "screen, 7 days",
      () => readersReport(db, { from: shiftDay(today, -6), to: today }, now),
    ],
    ["screen, 30 days", () => readersReport(db, last30, now)],
    [
      "screen, 90 days",
      () => readersReport(db, { from: shiftDay(today, -89), to: today }, now),
    ],
    ["daily figures, 30 days", () => dailyFigures(db, last30)],
    ["top pages, 30 days", () => topValues(db, "path", last30, 10)],
    ["top posts, 30 days", () => topValues(db, "post", last30, 10)],
    ["top referrers, 30 days", () => topValues(db, "referrer", last30, 10)],
    ["now (last 5 minutes)", () => visitorsNow(db, now)],
    [
      `30-day views of ${postIds.length} posts (post list)`,
      () => viewsByPost(db, postIds, now),
    ],
  ];
  report(`| ${name}: figure | median ms | max ms (of 5) |`);
  report("|---|---|---|");
  for (const [label, read] of figures) {
    await read(); // warm-up
    const times: number[] = [];
    for (let run = 0; run < 5; run += 1) {
      const start = performance.now();
      await read();
      times.push(performance.now() - start);
    }
    times.sort((a, b) => a - b);
    report(`| ${label} | ${times[2]?.toFixed(0)} | ${times[4]?.toFixed(0)} |`);
  }
}

function mb(bytes: number | undefined): string {
  return bytes === undefined ? "n/a" : `${(bytes / 1024 / 1024).toFixed(0)} MB`;
}

try {
  report(
    `autocannon: ${connections} connections, ${seconds} s per measurement, no compression (no Accept-Encoding) unless a column says br, load generator on the same machine`,
  );
  report(hostMemoryNote(firstTouchMicros()));
  if (benchPages || benchContact) {
    await pglite();
    await postgres();
  }
  if (benchReaders) await readers();
  if (only === undefined || only === "related") {
    await benchRelatedPosts(adminUrl, report);
  }
} finally {
  for (const file of staticFiles) rmSync(file, { force: true });
  rmSync(work, { recursive: true, force: true });
}
