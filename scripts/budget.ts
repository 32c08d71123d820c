// npm run budget: the site's performance, size and accessibility budgets,
// measured against the production build on a freshly seeded database. Prints
// one row per route and exits non-zero when any budget is missed.
//
// Lighthouse runs mobile with its default (simulated) throttling; Chromium is
// CHROME_PATH or Debian's /usr/bin/chromium. BUDGET_RUNS (default 3) is how
// many tries a route gets to reach the performance score: Lighthouse scores
// wander by a few points on a busy machine, so the best run counts.
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";

import {
  allowedThirdPartyHosts,
  budgets,
  firstLoadJsBytes,
  firstPostPath,
  readClientBuild,
  withPost,
} from "./lib/budgets";
import { startServer } from "./lib/server";

const chromePath =
  process.env.CHROME_PATH ??
  (existsSync("/usr/bin/chromium") ? "/usr/bin/chromium" : undefined);
const runs = Math.max(1, Number(process.env.BUDGET_RUNS ?? 3));
const only = process.env.BUDGET_ROUTES?.split(",").filter(Boolean);

interface Row {
  route: string;
  path: string;
  performance: number;
  accessibility: number;
  bestPractices: number;
  seo: number;
  lcpMs: number;
  cls: number;
  tbtMs: number;
  jsBytes: number;
  thirdParty: string[];
  problems: string[];
}

const work = mkdtempSync(path.join(tmpdir(), "budget-"));
const build = readClientBuild();
const server = await startServer(
  { DATA_DIR: path.join(work, "data"), LOG_LEVEL: "warn" },
  path.join(work, "server.log"),
);
const chrome = await chromeLauncher.launch({
  chromePath,
  chromeFlags: [
    "--headless=new",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
  ],
});

// Interrupted: close Chromium and the server rather than leave them running.
for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.once(signal, () => {
    void Promise.allSettled([chrome.kill(), server.stop()]).then(() =>
      process.exit(130),
    );
  });
}

const rows: Row[] = [];
try {
  const postPath = await firstPostPath(server.url);
  const routes = withPost(postPath).filter(
    (route) =>
      !only ||
      only.includes(
        route.routeId === "routes/post" ? "/post/{slug}" : route.path,
      ),
  );
  for (const route of routes) {
    let best: Row | undefined;
    for (let run = 0; run < runs; run += 1) {
      const row = await audit(route.name, route.path, route.routeId);
      if (!best || row.performance > best.performance) best = row;
      if (best.performance >= budgets.performance) break;
    }
    if (best) {
      rows.push(best);
      printRow(best, rows.length === 1);
    }
  }
} finally {
  await chrome.kill();
  await server.stop();
  rmSync(work, { recursive: true, force: true });
}

const failures = rows.filter((row) => row.problems.length > 0);
console.log("");
for (const row of failures) {
  console.log(`${row.route} (${row.path}):`);
  for (const problem of row.problems) console.log(`  - ${problem}`);
}
console.log(
  failures.length === 0
    ? `All budgets met on ${rows.length} routes.`
    : `${failures.length} of ${rows.length} routes miss a budget.`,
);
process.exit(failures.length === 0 ? 0 : 1);

async function audit(
  name: string,
  pathname: string,
  routeId: string,
): Promise<Row> {
  const result = await lighthouse(`${server.url}${pathname}`, {
    port: chrome.port,
    output: "json",
    logLevel: "error",
    onlyCategories: ["performance", "accessibility", "best-practices", "seo"],
  });
  if (!result) throw new Error(`Lighthouse returned nothing for ${pathname}`);
  const { lhr } = result;
  if (lhr.runtimeError) {
    // A failed trace (e.g. NO_NAVSTART on a busy machine) scores zero; the run is retried.
    console.error(
      `${pathname}: ${lhr.runtimeError.code}: ${lhr.runtimeError.message}`,
    );
  }
  const score = (id: string) =>
    Math.round((lhr.categories[id]?.score ?? 0) * 100);
  const numeric = (id: string) => lhr.audits[id]?.numericValue ?? NaN;
  const requests =
    (
      lhr.audits["network-requests"]?.details as
        { items?: Array<{ url?: string }> } | undefined
    )?.items ?? [];
  const own = new URL(server.url).host;
  const allowed = allowedThirdPartyHosts(pathname);
  const thirdParty = [
    ...new Set(
      requests
        .map((item) => (item.url ? new URL(item.url) : undefined))
        .filter((url) => url && /^https?:$/.test(url.protocol))
        .map((url) => url?.host ?? "")
        .filter((host) => host !== own && !allowed.has(host)),
    ),
  ];
  const row: Row = {
    route: name,
    path: pathname,
    performance: score("performance"),
    accessibility: score("accessibility"),
    bestPractices: score("best-practices"),
    seo: score("seo"),
    lcpMs: numeric("largest-contentful-paint"),
    cls: numeric("cumulative-layout-shift"),
    tbtMs: numeric("total-blocking-time"),
    jsBytes: firstLoadJsBytes(build, routeId),
    thirdParty,
    problems: [],
  };
  const limits: Array<[keyof Row, string, number]> = [
    ["performance", "performance", budgets.performance],
    ["accessibility", "accessibility", budgets.accessibility],
    ["bestPractices", "best-practices", budgets.bestPractices],
    ["seo", "seo", budgets.seo],
  ];
  for (const [key, id, limit] of limits) {
    if ((row[key] as number) >= limit) continue;
    const failing = (lhr.categories[id]?.auditRefs ?? [])
      .filter((ref) => ref.weight > 0)
      .map((ref) => lhr.audits[ref.id])
      .filter((entry) => entry && entry.score !== null && entry.score < 1)
      .map((entry) => entry?.id)
      .join(", ");
    row.problems.push(
      `${id} ${row[key] as number} < ${limit} (failing audits: ${failing || "none listed"})`,
    );
  }
  if (row.jsBytes > budgets.firstLoadJsBytes) {
    row.problems.push(
      `first-load JS ${kb(row.jsBytes)} KB gzip > ${kb(budgets.firstLoadJsBytes)} KB`,
    );
  }
  if (thirdParty.length > 0) {
    row.problems.push(`third-party requests: ${thirdParty.join(", ")}`);
  }
  return row;
}

function kb(bytes: number): string {
  return (bytes / 1024).toFixed(1);
}

function printRow(row: Row, header: boolean) {
  const columns: Array<[string, number, string]> = [
    ["Route", 24, row.route],
    ["Perf", 5, String(row.performance)],
    ["A11y", 5, String(row.accessibility)],
    ["BP", 4, String(row.bestPractices)],
    ["SEO", 4, String(row.seo)],
    ["LCP ms", 7, row.lcpMs.toFixed(0)],
    ["CLS", 6, row.cls.toFixed(3)],
    ["TBT ms", 7, row.tbtMs.toFixed(0)],
    ["JS KB gz", 9, kb(row.jsBytes)],
    ["3rd party", 10, String(row.thirdParty.length)],
    ["", 4, row.problems.length === 0 ? "ok" : "MISS"],
  ];
  const line = (cells: string[]) =>
    cells.map((cell, i) => cell.padEnd(columns[i]?.[1] ?? 0)).join(" ");
  if (header) {
    console.log(line(columns.map(([title]) => title)));
    console.log(line(columns.map(([, width]) => "-".repeat(width))));
  }
  console.log(line(columns.map(([, , value]) => value)));
}
