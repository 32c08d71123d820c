// npm run bench's related-posts section (issue 28): a post's previous, next
// and related posts (readWhereNext, app/data/where-next.server.ts) read for many
// different posts among 2,000, in this process, on an in-memory PGlite and
// on a fresh PostgreSQL database. Prints figures; asserts nothing about time.

import { openDatabase } from "~database/client";
import type { DatabaseHandle } from "~database/client";
import { seedFixture } from "~database/fixture";
import { posts } from "~database/schema";
import { readWhereNext, relatedPostsQuery } from "~/data/where-next.server";

import { createFreshPostgres } from "./database";
import type { FreshPostgres } from "./database";

const POSTS = 2000;
const SAMPLE = 200;

function percentile(sorted: number[], p: number): number {
  return (
    sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))] ?? 0
  );
}

async function measure(
  database: DatabaseHandle,
  label: string,
  report: (line: string) => void,
) {
  const { db } = database;
  await seedFixture(db, POSTS);
  const ids = (await db.select({ id: posts.id }).from(posts)).map(
    (row) => row.id,
  );
  const sample = Array.from(
    { length: SAMPLE },
    (_, index) => ids[Math.floor((index * ids.length) / SAMPLE)] ?? "",
  );
  // Warm the caches as a running server would have them.
  for (const id of sample.slice(0, 20)) await readWhereNext(db, id);
  const time = async (read: (id: string) => Promise<unknown>) => {
    const spent: number[] = [];
    for (const id of sample) {
      const start = performance.now();
      await read(id);
      spent.push(performance.now() - start);
    }
    spent.sort((a, b) => a - b);
    return `median ${percentile(spent, 0.5).toFixed(1)} ms, p95 ${percentile(spent, 0.95).toFixed(1)} ms, max ${(spent.at(-1) ?? 0).toFixed(1)} ms`;
  };
  report(
    `${label}, ${ids.length} posts, ${SAMPLE} posts read one after another:`,
  );
  report(
    `- related posts query alone: ${await time((id) => db.execute(relatedPostsQuery(id, "same category", 3)))}`,
  );
  report(
    `- previous, next and related (readWhereNext): ${await time((id) => readWhereNext(db, id))}`,
  );
}

/** The section; `adminUrl` names the PostgreSQL server to create a database on. */
export async function benchRelatedPosts(
  adminUrl: string,
  report: (line: string) => void,
) {
  report(`\n## Related posts (previous, next, related) at ${POSTS} posts\n`);
  const embedded = await openDatabase({ dataDir: "memory://" });
  try {
    await embedded.migrate();
    await measure(embedded, "PGlite (in memory, in this process)", report);
  } finally {
    await embedded.close();
  }
  let fresh: FreshPostgres;
  try {
    fresh = await createFreshPostgres(adminUrl, "bench");
  } catch (error) {
    report(`PostgreSQL at ${adminUrl} is not reachable: ${String(error)}`);
    return;
  }
  try {
    const database = await openDatabase({
      databaseUrl: fresh.url,
      dataDir: "",
    });
    try {
      await database.migrate();
      await measure(database, "PostgreSQL", report);
    } finally {
      await database.close();
    }
  } finally {
    await fresh.drop();
  }
}
