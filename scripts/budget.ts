// npm run budget: the site's performance, size and accessibility budgets,
// measured against the production build on a freshly seeded database. Prints
// one row per route and exits non-zero when any budget is missed.
//
// Every route runs BUDGET_RUNS times (default 3) in Lighthouse's mobile
// preset with its default (simulated) throttling, and Home and a post as many
// times again with real (devtools) throttling; each figure is the median of
// its runs (issue 15). Chromium is CHROME_PATH or Debian's /usr/bin/chromium.
// `npm run budget -- --posts 2000` measures the same budgets with 2,000
// generated posts beside the demo content (database/fixture.ts);
// `--images 500 --messages 5000` add the studio's share. The studio's post
// list, editor and inbox are measured signed in, with the desktop preset
// (scripts/lib/studio-budget.ts).
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  rmSync,
  writeFileSync,
} from "node:fs";
import { get } from "node:http";
import { tmpdir } from "node:os";
import path from "node:path";

import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";

import {
  allowedThirdPartyHosts,
  budgets,
  builtStylesheets,
  editorChunks,
  firstLoadJsBytes,
  firstLoadScripts,
  firstPostPath,
  fixturePostsArgument,
  gzip9Size,
  gzipSize,
  mapChunks,
  prepareFixtureDatabase,
  publicRoutes,
  readChunkModules,
  readClientBuild,
  readStylesheet,
  sourceTokens,
  studioModulesIn,
  studioOnlyClasses,
  studioRoutes,
  withPost,
} from "./lib/budgets";
import type { BudgetRoute } from "./lib/budgets";
import { launchServer } from "./lib/server";
import { auditStudio, printStudioScores } from "./lib/studio-budget";
import type { StudioScore } from "./lib/studio-budget";
import {
  seedStudioFixture,
  studioFixtureArguments,
} from "./lib/studio-fixture";
import { createStudioOwner } from "./lib/studio-lists";

const chromePath =
  process.env.CHROME_PATH ??
  (existsSync("/usr/bin/chromium") ? "/usr/bin/chromium" : undefined);
const runs = Math.max(1, Number(process.env.BUDGET_RUNS ?? 3));
const only = process.env.BUDGET_ROUTES?.split(",").filter(Boolean);
// BUDGET_REPORTS=DIR keeps every Lighthouse report, to see why a figure moved.
const reportsDir = process.env.BUDGET_REPORTS;
if (reportsDir) mkdirSync(reportsDir, { recursive: true });

interface Scores {
  performance: number;
  accessibility: number;
  bestPractices: number;
  seo: number;
  lcpMs: number;
  cls: number;
  tbtMs: number;
}

interface Run extends Scores {
  /** Same-origin scripts fetched until the network was idle (paths). */
  scripts: string[];
  thirdParty: string[];
}

interface Row extends Scores {
  route: string;
  path: string;
  /** Median LCP with devtools throttling (Home and the post only). */
  devtoolsLcpMs: number | null;
  jsBytes: number;
  htmlBytes: number;
  thirdParty: string[];
  problems: string[];
}

type Throttling = "simulate" | "devtools";
const devtoolsRoutes = new Set(["routes/home", "routes/post"]);

const fixturePosts = fixturePostsArgument();
const work = mkdtempSync(path.join(tmpdir(), "budget-"));
const build = readClientBuild();
if (fixturePosts > 0) {
  console.log(`Seeding the demo content and ${fixturePosts} generated posts…`);
  await prepareFixtureDatabase(
    { dataDir: path.join(work, "data") },
    fixturePosts,
  );
}
// The owner, for the studio's screens (and a new database gets the demo content).
await createStudioOwner({ dataDir: path.join(work, "data") });
await seedStudioFixture(
  { dataDir: path.join(work, "data") },
  studioFixtureArguments(),
);
const server = await launchServer({
  siteUrlIsServed: true,
  env: { DATA_DIR: path.join(work, "data"), LOG_LEVEL: "warn" },
  log: path.join(work, "server.log"),
});
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

const maps = new Set(mapChunks(build));
const rows: Row[] = [];
let studioScores: StudioScore[] = [];
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
    // As visitors find it: asked for before, so the server keeps the page
    // (and compresses it once, decision 025). The first visitor after a
    // content change gets it compressed as it is rendered.
    await documentBytes(route.path);
    const simulated: Run[] = [];
    for (let run = 0; run < runs; run += 1) {
      simulated.push(await audit(route, "simulate"));
    }
    const devtools: Run[] = [];
    if (devtoolsRoutes.has(route.routeId)) {
      for (let run = 0; run < runs; run += 1) {
        devtools.push(await audit(route, "devtools"));
      }
    }
    const row = summarize(route.name, route.path, simulated, devtools);
    row.htmlBytes = await documentBytes(route.path);
    check(row);
    rows.push(row);
    printRow(row, rows.length === 1);
  }
  if (!only || only.includes("studio")) {
    studioScores = await auditStudio(server.url, chrome.port, runs);
  }
} finally {
  await chrome.kill();
  await server.stop();
  rmSync(work, { recursive: true, force: true });
}

printStudioScores(studioScores);
// The studio's first-load JavaScript (and the editor it loads on demand) from the build.
const chunks = readChunkModules();
const editorBytes = editorChunks(chunks).reduce(
  (total, file) => total + gzipSize(build, file),
  0,
);
console.log("");
console.log("Studio (first-load JavaScript, gzip):");
const studioProblems = studioScores.flatMap((score) => score.problems);
for (const route of studioRoutes(build)) {
  const bytes = firstLoadJsBytes(build, route.routeId);
  console.log(`  ${route.name.padEnd(26)} ${kb(bytes).padStart(6)} KB`);
  if (bytes > budgets.studioFirstLoadJsBytes) {
    studioProblems.push(
      `${route.name}: ${kb(bytes)} KB > ${kb(budgets.studioFirstLoadJsBytes)} KB`,
    );
  }
}
console.log(
  `  ${"Post editor (lazy)".padEnd(26)} ${kb(editorBytes).padStart(6)} KB`,
);
if (editorBytes > budgets.studioEditorJsBytes) {
  studioProblems.push(
    `Post editor: ${kb(editorBytes)} KB > ${kb(budgets.studioEditorJsBytes)} KB`,
  );
}
for (const route of publicRoutes()) {
  const leaked = studioModulesIn(chunks, firstLoadScripts(build, route.id));
  if (leaked.length > 0) {
    studioProblems.push(`${route.id} loads studio code: ${leaked[0]}`);
  }
}
const sheets = builtStylesheets(build);
console.log("Stylesheets (gzip):");
console.log(
  `  ${"Public".padEnd(26)} ${kb(gzipSize(build, sheets.site)).padStart(6)} KB`,
);
console.log(
  `  ${"Studio".padEnd(26)} ${kb(gzipSize(build, sheets.studio)).padStart(6)} KB`,
);
const leakedClasses = studioOnlyClasses(
  readStylesheet(build, sheets.site),
  sourceTokens(),
);
if (leakedClasses.length > 0) {
  studioProblems.push(
    `the public stylesheet has classes only the studio uses: ${leakedClasses.join(" ")}`,
  );
}
for (const problem of studioProblems) console.log(`  - ${problem}`);

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
process.exit(failures.length === 0 && studioProblems.length === 0 ? 0 : 1);

async function audit(route: BudgetRoute, throttling: Throttling): Promise<Run> {
  const pathname = route.path;
  const run = async () => {
    const result = await lighthouse(`${server.url}${pathname}`, {
      port: chrome.port,
      output: "json",
      logLevel: "error",
      onlyCategories: ["performance", "accessibility", "best-practices", "seo"],
      throttlingMethod: throttling,
      // SEO is scored on every other audit (title, description, links, …).
      skipAudits: route.noindex ? ["is-crawlable"] : null,
    });
    if (!result) throw new Error(`Lighthouse returned nothing for ${pathname}`);
    return result.lhr;
  };
  // A trace that was not recorded measured nothing, and Lighthouse's advice
  // is to run it again: up to two more tries, so a median is of three
  // measurements rather than two.
  const unrecorded = ["NO_NAVSTART", "NO_FCP"];
  let lhr = await run();
  for (
    let retry = 0;
    retry < 2 && unrecorded.includes(lhr.runtimeError?.code ?? "");
    retry += 1
  ) {
    console.error(`${pathname}: ${lhr.runtimeError?.code}, measuring again`);
    lhr = await run();
  }
  if (reportsDir) {
    const name = `${pathname.replace(/\W+/g, "_")}-${throttling}-${Date.now()}.json`;
    writeFileSync(path.join(reportsDir, name), JSON.stringify(lhr));
  }
  if (lhr.runtimeError) {
    // A failed trace (e.g. NO_NAVSTART on a busy machine) scores zero and shows as a miss.
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
        { items?: Array<{ url?: string; resourceType?: string }> } | undefined
    )?.items ?? [];
  const own = new URL(server.url).host;
  const allowed = allowedThirdPartyHosts(pathname);
  const urls = requests
    .map((item) => ({
      url: item.url ? new URL(item.url) : undefined,
      type: item.resourceType,
    }))
    .filter(
      (item): item is { url: URL; type: string | undefined } =>
        item.url !== undefined && /^https?:$/.test(item.url.protocol),
    );
  // Travel's map code loads only when the map nears the screen (decision 009).
  const scripts = urls
    .filter((item) => item.url.host === own && item.type === "Script")
    .map((item) => item.url.pathname)
    .filter((script) => !(pathname === "/travel" && maps.has(script)));
  return {
    performance: score("performance"),
    accessibility: score("accessibility"),
    bestPractices: score("best-practices"),
    seo: score("seo"),
    lcpMs: numeric("largest-contentful-paint"),
    cls: numeric("cumulative-layout-shift"),
    tbtMs: numeric("total-blocking-time"),
    scripts: [...new Set(scripts)],
    thirdParty: [
      ...new Set(
        urls
          .map((item) => item.url.host)
          .filter((host) => host !== own && !allowed.has(host)),
      ),
    ],
  };
}

function median(values: number[]): number {
  const sorted = values
    .filter((value) => !Number.isNaN(value))
    .sort((a, b) => a - b);
  if (sorted.length === 0) return NaN;
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1
    ? (sorted[middle] ?? NaN)
    : ((sorted[middle - 1] ?? NaN) + (sorted[middle] ?? NaN)) / 2;
}

function summarize(
  name: string,
  pathname: string,
  simulated: Run[],
  devtools: Run[],
): Row {
  const of = (key: keyof Scores) => median(simulated.map((run) => run[key]));
  // The largest set any run fetched (runs agree unless one failed).
  const scripts = simulated
    .map((run) => run.scripts)
    .reduce(
      (largest, list) => (list.length > largest.length ? list : largest),
      [],
    );
  return {
    route: name,
    path: pathname,
    performance: of("performance"),
    accessibility: of("accessibility"),
    bestPractices: of("bestPractices"),
    seo: of("seo"),
    lcpMs: of("lcpMs"),
    cls: of("cls"),
    tbtMs: of("tbtMs"),
    devtoolsLcpMs:
      devtools.length > 0 ? median(devtools.map((run) => run.lcpMs)) : null,
    jsBytes: scripts.reduce(
      (total, script) => total + gzip9Size(build, script),
      0,
    ),
    htmlBytes: 0,
    thirdParty: [...new Set(simulated.flatMap((run) => run.thirdParty))],
    problems: [],
  };
}

/**
 * The document's bytes on the wire, compressed as a browser asks (fetch would
 * decode them), with the status line and headers: they travel in the same
 * first flight as the body.
 */
function documentBytes(pathname: string): Promise<number> {
  return new Promise((resolve, reject) => {
    get(
      `${server.url}${pathname}`,
      { headers: { "accept-encoding": "br, gzip" } },
      (response) => {
        const { rawHeaders, statusCode, statusMessage } = response;
        let bytes = `HTTP/1.1 ${statusCode} ${statusMessage}\r\n\r\n`.length;
        for (let index = 0; index < rawHeaders.length; index += 2) {
          bytes += `${rawHeaders[index]}: ${rawHeaders[index + 1]}\r\n`.length;
        }
        response.on("data", (chunk: Buffer) => (bytes += chunk.length));
        response.on("end", () => resolve(bytes));
        response.on("error", reject);
      },
    ).on("error", reject);
  });
}

function check(row: Row) {
  const atLeast: Array<[keyof Row, string, number]> = [
    ["performance", "performance", budgets.performance],
    ["accessibility", "accessibility", budgets.accessibility],
    ["bestPractices", "best practices", budgets.bestPractices],
    ["seo", "SEO", budgets.seo],
  ];
  for (const [key, label, limit] of atLeast) {
    const value = row[key] as number;
    if (!(value >= limit)) row.problems.push(`${label} ${value} < ${limit}`);
  }
  const atMost: Array<[number | null, string, number, string]> = [
    [row.lcpMs, "LCP", budgets.lcpMs, "ms"],
    [row.tbtMs, "TBT", budgets.tbtMs, "ms"],
    [row.cls, "CLS", budgets.cls, ""],
    [
      row.devtoolsLcpMs,
      "LCP (devtools throttling)",
      budgets.devtoolsLcpMs,
      "ms",
    ],
    [
      row.jsBytes / 1024,
      "first-load JS (KB, gzip -9)",
      budgets.firstLoadJsBytes / 1024,
      "",
    ],
    [
      row.htmlBytes,
      "document with headers, compressed (bytes)",
      // With thousands of posts a page may fill more than the first flight, but no more than 30 KB (issue 17).
      fixturePosts > 0 ? budgets.documentGzipBytes : budgets.documentBytes,
      "",
    ],
  ];
  for (const [value, label, limit, unit] of atMost) {
    if (value === null) continue;
    if (!(value <= limit)) {
      row.problems.push(
        `${label} ${Number.isInteger(value) ? value : value.toFixed(1)}${unit} > ${limit}${unit}`,
      );
    }
  }
  if (row.thirdParty.length > 0) {
    row.problems.push(`third-party requests: ${row.thirdParty.join(", ")}`);
  }
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
    [
      "LCP dt",
      7,
      row.devtoolsLcpMs === null ? "-" : row.devtoolsLcpMs.toFixed(0),
    ],
    ["JS KB gz9", 10, kb(row.jsBytes)],
    ["Doc B", 7, String(row.htmlBytes)],
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
