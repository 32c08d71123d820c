// The site's budgets and the measures behind them, shared by `npm run
// budget` (scripts/budget.ts, with Lighthouse) and the journeys in
// tests/e2e/budget.spec.ts (part of `npm test`).
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { parseArgs } from "node:util";
import { gzipSync } from "node:zlib";

import { mapTiles } from "~/config/map-tiles";
import { navigation } from "~/config/navigation";
import { sitemapPages } from "~/lib/feeds/sitemap";
import { openDatabase } from "~database/client";
import { seedFixture } from "~database/fixture";
import { sectionPagePaths } from "~database/sections";
import { importContent } from "~database/seed";

import { appRoutes } from "./route-table";
import type { AppRoute } from "./route-table";

export const budgets = {
  /** Lighthouse mobile, default simulated throttling, median of the page's runs (issue 48). */
  performance: 100,
  accessibility: 100,
  bestPractices: 100,
  seo: 100,
  /**
   * What a page's own scripts add to its script-free copy, served beside it
   * by the same server and measured interleaved with it: absolute TBT and
   * LCP follow the host's speed, the excess far less (issue 30).
   */
  tbtExcessMs: 50,
  lcpExcessMs: 100,
  cls: 0,
  /**
   * The script a public page loads before anyone touches it, inline and
   * files, gzip (issue 48; 1 KB = 1024 B). An island's larger code that
   * loads on intent, or Travel's map when it comes into view, is outside it.
   */
  publicScriptBytes: 15 * 1024,
  /**
   * The document's own inline script, gzip as the page's other script bytes
   * (issue 48: "at most 4 KB in all"; decision 058 gives the reading); the
   * page script is held to it as sent too (scripts/lib/inline-script.test.ts).
   */
  inlineScriptBytes: 4 * 1024,
  /** A page's HTML document, gzip, with the demo content or 2,000 posts alike (issue 17). */
  documentGzipBytes: 30 * 1024,
  /** A document, headers and compressed HTML: what fits the server's first flight (10 segments of 1460 B). */
  documentBytes: 14_600,
  /** First-load JavaScript of each studio screen (owner only, so not the public budget). */
  studioFirstLoadJsBytes: 160 * 1024,
  /** The post editor (Tiptap), loaded after the edit screen has rendered. */
  studioEditorJsBytes: 160 * 1024,
} as const;

/**
 * The host speed every public run is scaled to (issue 30, decision 048).
 * Lighthouse's simulated throttling multiplies the main-thread time it
 * observed by four, a factor its documentation sets for a high-end desktop
 * (benchmarkIndex 1,500-2,000) to stand for a mid-tier phone; on a faster or
 * slower host the same factor stands for a faster or slower phone. Each run's
 * factor is therefore four times that run's own benchmarkIndex over this
 * one, so a run on any host, or in a slow minute of one, stands for the same
 * phone.
 */
export const REFERENCE_BENCHMARK_INDEX = 1750;
/** Lighthouse's own factor for the mobile preset. */
const MOBILE_CPU_SLOWDOWN = 4;

/** The CPU slowdown that makes a run at `benchmarkIndex` stand for the reference host at 4x. */
export function calibratedSlowdown(benchmarkIndex: number | undefined): number {
  if (
    benchmarkIndex === undefined ||
    !Number.isFinite(benchmarkIndex) ||
    benchmarkIndex <= 0
  ) {
    return MOBILE_CPU_SLOWDOWN;
  }
  // Below one the simulation would run the page faster than it ran.
  return Math.max(
    1,
    (MOBILE_CPU_SLOWDOWN * benchmarkIndex) / REFERENCE_BENCHMARK_INDEX,
  );
}

/** µs a page above which a host is taken to map its memory on first use. */
const SLOW_FIRST_TOUCH_MICROS = 2;
const PAGE_BYTES = 4096;

/**
 * What the first write to a fresh page of memory costs on this host, in µs
 * a 4 KB page (a second write's cost taken off), the least of `tries`. A
 * guest whose memory its host maps on first use pays it in every new
 * renderer and growing heap, and benchmarkIndex, a short script that stays
 * in the CPU's caches, does not show it (docs/PERFORMANCE.md). The least,
 * because a busy moment of the host only ever adds to a try.
 */
export function firstTouchMicros(bytes = 32 * 1024 * 1024, tries = 3): number {
  const pass = (memory: Buffer, value: number) => {
    const start = process.hrtime.bigint();
    for (let offset = 0; offset < bytes; offset += PAGE_BYTES) {
      memory[offset] = value;
    }
    return Number(process.hrtime.bigint() - start) / 1000;
  };
  let least = Infinity;
  for (let attempt = 0; attempt < tries; attempt += 1) {
    // Unfilled, so its pages are still untouched when the first pass comes.
    const memory = Buffer.allocUnsafeSlow(bytes);
    const first = pass(memory, 1);
    const again = pass(memory, 2);
    least = Math.min(least, Math.max(0, first - again) / (bytes / PAGE_BYTES));
  }
  return least;
}

/** The host's memory in one line of a run's header, with a warning when it is slow. */
export function hostMemoryNote(micros: number): string {
  const figure = `Host: the first write to fresh memory costs ${micros.toFixed(1)} µs a 4 KB page.`;
  return micros > SLOW_FIRST_TOUCH_MICROS
    ? `${figure} This host maps memory on first use: work that takes fresh memory (a new browser tab, a growing heap) runs slower than its benchmarkIndex says, so these figures do not compare with another host's (docs/PERFORMANCE.md).`
    : figure;
}

/** Those of `routes` that render a page (not layouts, feeds, files or JSON). */
export function pageRoutes(
  build: ClientBuild,
  routes: ReadonlyArray<AppRoute>,
): AppRoute[] {
  return routes.filter(
    (route) =>
      route.path !== undefined &&
      build.manifest.routes[route.id]?.hasDefaultExport === true,
  );
}

/**
 * The studio's screens, named by their URL pattern; each has the studio's
 * budget (docs/decisions/017-studio-posts.md).
 */
export function studioRoutes(
  build: ClientBuild,
): Array<{ name: string; routeId: string }> {
  return pageRoutes(
    build,
    appRoutes().filter((route) => route.studio),
  ).map((route) => ({ name: `/${route.path}`, routeId: route.id }));
}

/** Source modules that are the studio's own, or only the studio's editor uses. */
export const STUDIO_MODULE =
  /(^|[\\/])app[\\/](studio|routes[\\/]studio)[\\/]|node_modules[\\/](@tiptap|prosemirror-)/;

/** The built stylesheets (/assets/… paths): the public one (app/app.css) and the studio's (app/studio/studio.css). */
export function builtStylesheets(build: ClientBuild): {
  site: string;
  studio: string;
} {
  const assets = readdirSync(path.join(build.dir, "assets"));
  const find = (name: string) => {
    const file = assets.find((asset) =>
      new RegExp(`^${name}-[\\w-]+\\.css$`).test(asset),
    );
    if (!file) throw new Error(`no ${name} stylesheet in the build`);
    return `/assets/${file}`;
  };
  return { site: find("app"), studio: find("studio") };
}

/** Source modules of each client chunk (written by scripts/lib/chunk-modules.ts at build). */
export function readChunkModules(
  buildDir = process.env.BUILD_DIR ?? "build",
): Record<string, string[]> {
  return JSON.parse(
    readFileSync(path.resolve(buildDir, "chunk-modules.json"), "utf8"),
  ) as Record<string, string[]>;
}

/** Studio modules in the given scripts, as "chunk: module". */
export function studioModulesIn(
  chunks: Record<string, string[]>,
  scripts: ReadonlyArray<string>,
  pattern: RegExp = STUDIO_MODULE,
): string[] {
  return scripts.flatMap((script) =>
    (chunks[script] ?? [])
      .filter((module) => pattern.test(module))
      .map((module) => `${script}: ${module}`),
  );
}

/** The chunks holding the post editor (Tiptap), loaded on demand by the edit screen. */
export function editorChunks(chunks: Record<string, string[]>): string[] {
  return Object.entries(chunks)
    .filter(([, modules]) =>
      modules.some((module) => /node_modules[\\/]@tiptap[\\/]/.test(module)),
    )
    .map(([file]) => file);
}

export interface BudgetRoute {
  /** The page's name in the header, else its path. */
  name: string;
  /** A concrete path to visit (the post's filled in by withPost). */
  path: string;
  /**
   * Asks not to be indexed (robots noindex) on purpose, so Lighthouse's
   * "page is blocked from indexing" audit does not apply to it.
   */
  noindex?: true;
}

/** The post's place in publicPages until withPost fills it in from the sitemap. */
export const POST_PATH = "/post/{slug}";

/**
 * Every public page, from the app's own lists: the sitemap's pages (the
 * header's items and the Events Calendar), every page a section table feeds,
 * a post, and the two pages no list names: a search's results (noindex on
 * purpose) and the privacy page. A page added to those lists is measured the
 * day it is.
 */
export function publicPages(): BudgetRoute[] {
  const names = new Map(navigation.map((item) => [item.href, item.name]));
  const paths = new Set([
    ...sitemapPages.map((page) => page.path),
    ...sectionPagePaths,
  ]);
  return [
    ...[...paths].map((path) => ({ name: names.get(path) ?? path, path })),
    { name: "Single post", path: POST_PATH },
    { name: "Search", path: "/search?q=lake", noindex: true },
    { name: "Privacy", path: "/privacy" },
  ];
}

/** The one route allowed a third-party host on page load (the Travel page's map tiles). */
export function allowedThirdPartyHosts(pathname: string): ReadonlySet<string> {
  return new Set(
    pathname === "/travel"
      ? mapTiles.tileHosts.map((origin) => new URL(origin).host)
      : [],
  );
}

/**
 * Fills a fresh database (DATA_DIR, or a PostgreSQL URL) with the demo
 * content plus `posts` generated posts (database/fixture.ts), for measuring
 * the site at scale (`--posts 2000`). Returns how many posts were new.
 */
export async function prepareFixtureDatabase(
  target: { dataDir: string } | { databaseUrl: string },
  posts: number,
): Promise<number> {
  const database = await openDatabase(
    "databaseUrl" in target ? { ...target, dataDir: "" } : target,
  );
  try {
    await database.migrate();
    await importContent(database.db, path.resolve("content"));
    return posts > 0 ? await seedFixture(database.db, posts) : 0;
  } finally {
    await database.close();
  }
}

/** `--posts N` on the command line: how many generated posts to add (0 without it). */
export function fixturePostsArgument(argv = process.argv.slice(2)): number {
  const { values } = parseArgs({
    args: argv,
    options: { posts: { type: "string" } },
    strict: false,
  });
  const posts = Number(values.posts ?? 0);
  if (!Number.isInteger(posts) || posts < 0 || posts > 100_000) {
    throw new Error("--posts is a whole number from 0 to 100000");
  }
  return posts;
}

/** Bytes of a page's document as sent, raw and gzip-compressed. */
export async function documentBytes(
  url: string,
): Promise<{ raw: number; gzip: number }> {
  const body = Buffer.from(await (await fetch(url)).arrayBuffer());
  return { raw: body.byteLength, gzip: gzipSync(body).byteLength };
}

/** The first post's path, read from the site's own sitemap. */
export async function firstPostPath(baseUrl: string): Promise<string> {
  const sitemap = await (await fetch(`${baseUrl}/sitemap.xml`)).text();
  const match = /<loc>[^<]*?(\/post\/[^<]+)<\/loc>/.exec(sitemap);
  if (!match?.[1]) throw new Error("the seeded site lists no post");
  return match[1];
}

export function withPost(postPath: string): BudgetRoute[] {
  return publicPages().map((route) =>
    route.path === POST_PATH ? { ...route, path: postPath } : route,
  );
}

interface ManifestRoute {
  id: string;
  parentId?: string;
  module: string;
  imports?: string[];
  [key: string]: unknown;
}

interface Manifest {
  entry: { module: string; imports: string[] };
  routes: Record<string, ManifestRoute>;
}

export interface ClientBuild {
  dir: string;
  manifestFile: string;
  manifest: Manifest;
  /**
   * Whether documents load the whole route manifest as a script. With lazy
   * route discovery they carry only their own routes, inline in the HTML.
   */
  loadsManifest: boolean;
}

/** Reads React Router's client manifest (build/client/assets/manifest-*.js). */
export function readClientBuild(
  // As server/main.ts: the build the journey servers serve.
  buildDir = process.env.BUILD_DIR ?? "build",
): ClientBuild {
  const dir = path.resolve(buildDir, "client");
  const assets = path.join(dir, "assets");
  const file = readdirSync(assets).find((name) =>
    /^manifest-[\w-]+\.js$/.test(name),
  );
  if (!file)
    throw new Error(`no React Router manifest in ${assets}: build first`);
  const source = readFileSync(path.join(assets, file), "utf8");
  const json = source.slice(source.indexOf("{"), source.lastIndexOf("}") + 1);
  const serverAssets = path.resolve(buildDir, "server", "assets");
  const serverBuild = readdirSync(serverAssets).find((name) =>
    name.startsWith("server-build-"),
  );
  const lazyDiscovery =
    serverBuild !== undefined &&
    /routeDiscovery = \{ "mode": "lazy"/.test(
      readFileSync(path.join(serverAssets, serverBuild), "utf8"),
    );
  return {
    dir,
    manifestFile: `/assets/${file}`,
    manifest: JSON.parse(json) as Manifest,
    loadsManifest: !lazyDiscovery,
  };
}

/**
 * Every script a route's document loads before it is interactive: the
 * manifest (unless routes are discovered lazily), the client entry and its imports, then each route from the root
 * down to this one with its imports and split client modules.
 */
export function firstLoadScripts(
  build: ClientBuild,
  routeId: string,
): string[] {
  const scripts = new Set<string>([
    ...(build.loadsManifest ? [build.manifestFile] : []),
    build.manifest.entry.module,
    ...build.manifest.entry.imports,
  ]);
  const chain: ManifestRoute[] = [];
  let route: ManifestRoute | undefined = build.manifest.routes[routeId];
  if (!route) throw new Error(`route ${routeId} is not in the manifest`);
  while (route) {
    chain.unshift(route);
    route = route.parentId ? build.manifest.routes[route.parentId] : undefined;
  }
  for (const entry of chain) {
    for (const [key, value] of Object.entries(entry)) {
      if (/module$/i.test(key) && typeof value === "string") scripts.add(value);
    }
    for (const file of entry.imports ?? []) scripts.add(file);
  }
  return [...scripts];
}

const gzipSizes = new Map<string, number>();

/**
 * Gzip size of one built asset as the server sends it: its precompressed .gz
 * sibling (zopfli, scripts/lib/precompress.ts) or, for the few tiny files
 * without one, gzip at the default level.
 */
export function gzipSize(build: ClientBuild, asset: string): number {
  const cached = gzipSizes.get(asset);
  if (cached !== undefined) return cached;
  const file = path.join(build.dir, asset);
  const size = existsSync(`${file}.gz`)
    ? statSync(`${file}.gz`).size
    : gzipSync(readFileSync(file)).length;
  gzipSizes.set(asset, size);
  return size;
}

export function firstLoadJsBytes(build: ClientBuild, routeId: string): number {
  return firstLoadScripts(build, routeId).reduce(
    (total, asset) => total + gzipSize(build, asset),
    0,
  );
}

/** Built chunks that carry the map library (Leaflet), which only Travel may load, and only lazily. */
export function mapChunks(build: ClientBuild): string[] {
  const assets = path.join(build.dir, "assets");
  return readdirSync(assets)
    .filter((name) => name.endsWith(".js"))
    .filter((name) =>
      /_leaflet_id/.test(readFileSync(path.join(assets, name), "utf8")),
    )
    .map((name) => `/assets/${name}`);
}

/** Script elements the browser runs; data blocks (JSON-LD, speculation rules, import maps) it does not. */
const DATA_SCRIPT_TYPE =
  /\btype="(?:application\/(?:ld\+)?json|speculationrules|importmap)"/i;
const SCRIPT_ELEMENT = /<script\b([^>]*)>([\s\S]*?)<\/script>/gi;

/** The code of a document's inline scripts, in order: what runs before any file arrives. */
export function inlineScripts(html: string): string[] {
  return [...html.matchAll(SCRIPT_ELEMENT)]
    .filter(
      ([, attributes = ""]) =>
        !/\bsrc=/i.test(attributes) && !DATA_SCRIPT_TYPE.test(attributes),
    )
    .map(([, , code = ""]) => code)
    .filter((code) => code.trim() !== "");
}

/**
 * The script a page loads before anyone touches it, gzip: its inline
 * scripts (compressed together, as they travel in one document) and each
 * script file it fetched, as the server sends it.
 */
export function pageScriptBytes(
  build: ClientBuild,
  html: string,
  files: ReadonlyArray<string>,
): { inline: number; inlineGzip: number; files: number; total: number } {
  const code = inlineScripts(html).join("\n");
  const inlineGzip = code === "" ? 0 : gzipSync(code, { level: 9 }).length;
  const fileBytes = files.reduce(
    (total, file) => total + gzipSize(build, file),
    0,
  );
  return {
    inline: Buffer.byteLength(code),
    inlineGzip,
    files: fileBytes,
    total: inlineGzip + fileBytes,
  };
}

const MODULE_PRELOAD = /<link\b[^>]*\brel="modulepreload"[^>]*>/gi;

/**
 * A page's document as served with every script it runs and every module it
 * preloads removed (data blocks stay): the control `npm run budget` measures
 * the page beside, so what is left between the two is the cost of the page's
 * own scripts.
 */
export function scriptFreeCopy(html: string): string {
  return html
    .replace(SCRIPT_ELEMENT, (element, attributes: string) =>
      DATA_SCRIPT_TYPE.test(attributes) ? element : "",
    )
    .replace(MODULE_PRELOAD, "");
}
