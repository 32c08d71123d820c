// The studio's lists as the owner opens them, for `npm run bench` and
// `npm run budget`: the owner account made before the server starts, a
// signed-in session, and each list's document size and server time.
import path from "node:path";
import { performance } from "node:perf_hooks";
import { gzipSync } from "node:zlib";

import { createOwner } from "~/auth/owner.server";
import { openDatabase } from "~database/client";
import { importContent } from "~database/seed";

export const STUDIO_OWNER = {
  email: "bench-owner@example.test",
  password: "measuring-the-studio-lists",
  name: "Jordan Avery",
};

/** Every studio list, and the pages of it that cost the most (deep pages, a search, filters). */
export const STUDIO_LISTS: ReadonlyArray<readonly [string, string]> = [
  ["Studio dashboard", "/studio"],
  ["Studio posts", "/studio/posts"],
  ["Studio posts, page 20", "/studio/posts?page=20"],
  ["Studio posts, title search", "/studio/posts?q=summit"],
  [
    "Studio posts, category and state",
    "/studio/posts?category=Live+Music&state=published",
  ],
  ["Studio media", "/studio/media"],
  ["Studio media, page 10", "/studio/media?page=10"],
  ["Studio inbox", "/studio/messages"],
  ["Studio inbox, page 50", "/studio/messages?page=50"],
  ["Studio archived messages", "/studio/messages?folder=archived"],
];

/**
 * Creates the owner account in a database the server has not opened yet
 * (PGlite allows one process); a new one gets the demo content first, as at
 * the site's first start (and as `npm run owner:create` does).
 */
export async function createStudioOwner(
  target: { dataDir: string } | { databaseUrl: string },
): Promise<void> {
  const database = await openDatabase(
    "databaseUrl" in target ? { ...target, dataDir: "" } : target,
  );
  try {
    await database.migrate();
    if (database.created)
      await importContent(database.db, path.resolve("content"));
    await createOwner(database.db, STUDIO_OWNER);
  } finally {
    await database.close();
  }
}

/** Signs in as the owner; returns the Cookie header of the session. */
export async function signInAsStudioOwner(baseUrl: string): Promise<string> {
  const response = await fetch(`${baseUrl}/api/auth/sign-in/email`, {
    method: "POST",
    headers: {
      "content-type": "application/json",
      origin: baseUrl,
      // Reserved for benchmarks: the sign-in rate limit counts it alone.
      "x-forwarded-for": "198.18.0.77",
    },
    body: JSON.stringify({
      email: STUDIO_OWNER.email,
      password: STUDIO_OWNER.password,
    }),
  });
  if (!response.ok) {
    throw new Error(
      `sign-in as the owner failed: ${response.status} ${await response.text()}`,
    );
  }
  const cookies = response.headers
    .getSetCookie()
    .map((cookie) => cookie.split(";")[0])
    .filter(Boolean);
  if (cookies.length === 0) throw new Error("sign-in set no cookie");
  return cookies.join("; ");
}

export interface StudioListFigures {
  name: string;
  pathname: string;
  status: number;
  bytes: number;
  gzip: number;
  /** Request to last byte, one request at a time, median and slowest. */
  medianMs: number;
  maxMs: number;
}

/** Each list `runs` times in turn (after two unmeasured warm-ups), signed in. */
export async function measureStudioLists(
  baseUrl: string,
  cookie: string,
  runs = 21,
): Promise<StudioListFigures[]> {
  const figures: StudioListFigures[] = [];
  for (const [name, pathname] of STUDIO_LISTS) {
    const get = async () => {
      const started = performance.now();
      const response = await fetch(baseUrl + pathname, {
        headers: { cookie },
        redirect: "manual",
      });
      const body = Buffer.from(await response.arrayBuffer());
      return { ms: performance.now() - started, body, status: response.status };
    };
    await get();
    await get();
    const times: number[] = [];
    let last = await get();
    times.push(last.ms);
    for (let run = 1; run < runs; run += 1) {
      last = await get();
      times.push(last.ms);
    }
    times.sort((a, b) => a - b);
    figures.push({
      name,
      pathname,
      status: last.status,
      bytes: last.body.byteLength,
      gzip: gzipSync(last.body).byteLength,
      medianMs: times[Math.floor(times.length / 2)] ?? 0,
      maxMs: times[times.length - 1] ?? 0,
    });
  }
  return figures;
}

/** The figures as a Markdown table. */
export function studioListTable(figures: StudioListFigures[]): string[] {
  return [
    "| studio list | status | bytes | gzip bytes | median ms | slowest ms |",
    "|---|---|---|---|---|---|",
    ...figures.map(
      (row) =>
        `| ${row.name} (${row.pathname}) | ${row.status} | ${row.bytes} | ${row.gzip} | ${row.medianMs.toFixed(1)} | ${row.maxMs.toFixed(1)} |`,
    ),
  ];
}
