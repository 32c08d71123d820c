// npm run bench:fediverse: a post's Create to 1,000 followers on 100
// servers (a fleet of loopback inboxes, scripts/lib/fediverse-fleet.ts),
// from the production build on a fresh PostgreSQL database. Prints the
// time from publishing to the last server's Create and to an empty queue,
// delivered / missed / repeated, requests per server (the shared inbox:
// once each), the server's peak memory, and its page throughput at rest
// and while it drains. Asserts nothing about time.
//
// FEDIVERSE_BENCH_SERVERS (default 100), FEDIVERSE_BENCH_PER_SERVER
// (default 10); BENCH_DATABASE_URL as for npm run bench.
import { performance } from "node:perf_hooks";

import { sql } from "drizzle-orm";

import { writeStoredSettings } from "~/data/site-settings.server";
import { openDatabase } from "~database/client";
import { publishedPost } from "~tests/support/posts";

import { createSeededPostgres } from "./lib/database";
import { startFleet } from "./lib/fediverse-fleet";
import { freePort, launchServer } from "./lib/server";

const SERVERS = Number(process.env.FEDIVERSE_BENCH_SERVERS ?? 100);
const PER_SERVER = Number(process.env.FEDIVERSE_BENCH_PER_SERVER ?? 10);
const ADMIN_URL =
  process.env.BENCH_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/test";
const PAGE = "/post/first-light-on-the-ridge";

/** Pages fetched by `connections` clients in turn until `until` settles; returns pages a second. */
async function pagesPerSecond(
  url: string,
  until: Promise<unknown>,
  connections = 8,
): Promise<{ perSecond: number; failed: number }> {
  let done = false;
  void until.finally(() => {
    done = true;
  });
  let pages = 0;
  let failed = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: connections }, async () => {
      while (!done) {
        const response = await fetch(url).catch(() => undefined);
        await response?.arrayBuffer();
        if (response?.ok) pages += 1;
        else failed += 1;
      }
    }),
  );
  return {
    perSecond: pages / ((performance.now() - started) / 1000),
    failed,
  };
}

const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;

const database = await createSeededPostgres(ADMIN_URL, "bench_fediverse");
const fleet = await startFleet({ servers: SERVERS });
const handle = await openDatabase({ databaseUrl: database.url, dataDir: "" });
const port = process.env.PORT ? Number(process.env.PORT) : await freePort();
const server = await launchServer({
  name: "fediverse bench",
  port,
  siteUrlIsServed: true,
  requireFreePort: true,
  log: "fediverse-bench.log",
  env: {
    DATABASE_URL: database.url,
    FEDIVERSE_PRIVATE_PEERS: fleet.peers,
    LOG_LEVEL: "warn",
  },
});
try {
  await writeStoredSettings(handle.db, {
    socialWeb: "on",
    socialHandle: "jordan",
  });
  const followers = await fleet.follow(handle.db, PER_SERVER);
  console.log(
    `Followers: ${followers} on ${SERVERS} loopback servers (${PER_SERVER} each, one shared inbox a server)`,
  );
  const rest = await pagesPerSecond(
    server.url + PAGE,
    new Promise((resolve) => setTimeout(resolve, 5_000)),
  );
  console.log(`Page throughput at rest: ${rest.perSecond.toFixed(0)} pages/s`);

  const started = performance.now();
  const reached = (async () => {
    await publishedPost(handle.db, {
      slug: "to-a-thousand",
      title: "To a thousand followers",
      excerpt: "One Create, one request a server.",
    });
    const all = await fleet.allReceived("Create", 300_000);
    return { all, ms: performance.now() - started };
  })();
  const during = await pagesPerSecond(server.url + PAGE, reached);
  const { all, ms } = await reached;
  let emptyMs = ms;
  for (;;) {
    const { rows } = (await handle.db.execute(sql`
      select (select count(*) from fediverse_queue where done_at is null)
           + (select count(*) from fediverse_events where done_at is null) as n`)) as unknown as {
      rows: Array<{ n: string | number }>;
    };
    if (Number(rows[0]?.n ?? 0) === 0) break;
    if (performance.now() - started > 300_000) break;
    await new Promise((resolve) => setTimeout(resolve, 50));
    emptyMs = performance.now() - started;
  }
  const tally = fleet.tally("Create");
  const requests = fleet.servers.map((peer) => peer.requests);
  console.log(
    `Publish → every server's Create: ${all ? seconds(ms) : "not all within 300 s"}; queue empty after ${seconds(emptyMs)}`,
  );
  console.log(
    `Delivered ${tally.delivered} / missed ${tally.missed} / repeated ${tally.repeated}; activity ids ${tally.ids.size}`,
  );
  console.log(
    `Requests per server: min ${Math.min(...requests)}, max ${Math.max(...requests)} (${requests.reduce((a, b) => a + b, 0)} in all)`,
  );
  console.log(
    `Page throughput while draining: ${during.perSecond.toFixed(0)} pages/s (${during.failed} failed); at rest ${rest.perSecond.toFixed(0)}`,
  );
  console.log(
    `Server peak memory (VmHWM): ${((server.peakMemoryBytes() ?? 0) / 1024 / 1024).toFixed(0)} MB`,
  );
} finally {
  await server.stop();
  await handle.close();
  await fleet.close();
  await database.drop();
}
