// Drill: sign-in load. Many addresses (the drill plays the proxy, TRUST_PROXY)
// try passwords in parallel. Each attempt is a memory-hard hash on Node's
// small thread pool, which static files need too; the bound on hashes at
// once (app/auth/hash-slots.server.ts) must keep pages and assets answering in
// their usual time, refusing the excess with 503 and Retry-After.
import { createOwner } from "~/auth/owner.server";
import { openDatabase } from "~database/client";

import { freshDatabase } from "./support/database";
import { PORT_BASE, startInstance } from "./support/processes";
import { drillResult, percentile } from "./support/reporting";
import { runConcurrently, visitorAddress } from "./support/visitors";

const OWNER = "owner@drill.example";

interface Timing {
  status: number | "network error";
  ms: number;
}

async function timed(url: string, init?: RequestInit): Promise<Timing> {
  const started = performance.now();
  try {
    const response = await fetch(url, {
      ...init,
      signal: AbortSignal.timeout(30_000),
    });
    await response.arrayBuffer();
    return { status: response.status, ms: performance.now() - started };
  } catch {
    return { status: "network error", ms: performance.now() - started };
  }
}

const summary = (samples: Timing[]) => {
  const times = samples.map((sample) => sample.ms);
  return `${percentile(times, 50)} / ${percentile(times, 95)} / ${percentile(times, 100)}`;
};

const statuses = (samples: Timing[]) => {
  const counts = new Map<string, number>();
  for (const { status } of samples)
    counts.set(String(status), (counts.get(String(status)) ?? 0) + 1);
  return [...counts]
    .sort()
    .map(([status, n]) => `${status}×${n}`)
    .join(" ");
};

export async function signInLoadDrill({
  attempts = 1_500,
  concurrency = 40,
} = {}) {
  const result = drillResult(
    "sign-in-load: pages answer while sign-ins pile up",
  );
  const database = await freshDatabase("signin");
  const setup = await openDatabase({ databaseUrl: database.url, dataDir: "" });
  await setup.migrate();
  await createOwner(setup.db, {
    email: OWNER,
    password: "the owner's long passphrase",
  });
  await setup.close();
  const port = PORT_BASE + 31;
  const instance = await startInstance({
    name: "sign-in-load",
    port,
    databaseUrl: database.url,
    // better-auth checks a sign-in's Origin against the site's own.
    env: { SITE_URL: `http://127.0.0.1:${port}` },
  });
  try {
    const home = await (await fetch(`${instance.url}/about`)).text();
    const asset = /\/assets\/[\w.-]+\.js/.exec(home)?.[0];
    if (!asset) throw new Error("no script asset found on /about");
    // Both kinds of visitor request: a page (from the page cache) and a
    // static file (read from disk on the thread pool the hashes share).
    const visit = async () => [
      await timed(`${instance.url}/about`),
      await timed(`${instance.url}${asset}`, {
        headers: { "accept-encoding": "identity" },
      }),
    ];
    const before: Timing[][] = [];
    for (let n = 0; n < 30; n++) before.push(await visit());

    let attacking = true;
    const during: Timing[][] = [];
    const watcher = (async () => {
      while (attacking) during.push(await visit());
    })();
    const started = performance.now();
    const signIns = await runConcurrently(attempts, concurrency, (index) =>
      timed(`${instance.url}/api/auth/sign-in/email`, {
        method: "POST",
        headers: {
          "content-type": "application/json",
          origin: instance.url,
          "x-forwarded-for": visitorAddress(300_000 + index),
        },
        body: JSON.stringify({
          // Most guess at the owner; the rest at accounts that do not exist.
          email: index % 4 === 0 ? `someone${index}@drill.example` : OWNER,
          password: `guess number ${index}`,
        }),
      }),
    );
    const seconds = (performance.now() - started) / 1000;
    attacking = false;
    await watcher;

    result.figure(
      "sign-in attempts",
      `${attempts} at ${concurrency} concurrent from ${attempts} addresses, ${Math.round(attempts / seconds)}/s`,
    );
    result.figure("sign-in answers", statuses(signIns));
    const pages = (samples: Timing[][], which: 0 | 1) =>
      samples.map((pair) => pair[which] as Timing);
    result.figure(
      "page /about before: p50 / p95 / max (ms)",
      summary(pages(before, 0)),
    );
    result.figure(
      "page /about during: p50 / p95 / max (ms)",
      `${summary(pages(during, 0))} (${during.length} requests)`,
    );
    result.figure(
      `asset ${asset.slice(0, 24)}… before: p50 / p95 / max (ms)`,
      summary(pages(before, 1)),
    );
    result.figure(
      "asset during: p50 / p95 / max (ms)",
      summary(pages(during, 1)),
    );
    const refused = signIns.filter((attempt) => attempt.status === 503).length;
    if (refused === 0)
      result.problem("no sign-in was refused: the hash bound did not act");
    if (
      signIns.some(
        (attempt) =>
          attempt.status === 500 || attempt.status === "network error",
      )
    )
      result.problem("a sign-in failed with 500 or a dropped connection");
    for (const which of [0, 1] as const) {
      const samples = pages(during, which);
      if (samples.some((sample) => sample.status !== 200))
        result.problem(
          `a ${which ? "asset" : "page"} request failed during the sign-ins`,
        );
      // The median: a single slow sample on a shared machine says little.
      const usual = percentile(
        pages(before, which).map((sample) => sample.ms),
        50,
      );
      const loaded = percentile(
        samples.map((sample) => sample.ms),
        50,
      );
      if (loaded > Math.max(usual * 3, usual + 50))
        result.problem(
          `${which ? "asset" : "page"} median rose from ${usual} ms to ${loaded} ms during the sign-ins`,
        );
    }
  } finally {
    await instance.stop();
    await database.drop();
  }
  return result;
}
