// The site's budgets and the deterministic measures behind them, shared by
// `npm run budget` (scripts/budget.ts, with Lighthouse) and the journeys in
// tests/e2e/budget.spec.ts (part of `npm test`).
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { gzipSync } from "node:zlib";

import { site } from "~/config/site";

export const budgets = {
  performance: 98,
  accessibility: 100,
  bestPractices: 100,
  seo: 100,
  /** First-load JavaScript per route, gzip as the server sends it (issue 6); held by npm test and npm run budget. */
  firstLoadJsBytes: 120 * 1024,
} as const;

export interface BudgetRoute {
  /** The screen's name in the spec's route table. */
  name: string;
  /** A concrete path to visit ({slug} filled in by the caller for the post). */
  path: string;
  /** The route module's id in the React Router manifest. */
  routeId: string;
}

/** Every route of the spec's route table; the post's slug is filled in from the sitemap. */
export const specRoutes: ReadonlyArray<BudgetRoute> = [
  { name: "Home", path: "/", routeId: "routes/home" },
  { name: "About Me", path: "/about", routeId: "routes/about" },
  { name: "Content Hub", path: "/content-hub", routeId: "routes/content-hub" },
  {
    name: "Motivational Hub",
    path: "/motivational",
    routeId: "routes/motivational",
  },
  {
    name: "Leadership & Mentoring",
    path: "/leadership",
    routeId: "routes/leadership",
  },
  { name: "Community", path: "/community", routeId: "routes/community" },
  { name: "Hiking & Nature", path: "/hiking", routeId: "routes/hiking" },
  { name: "Live Music", path: "/music", routeId: "routes/music" },
  { name: "Fitness & Nutrition", path: "/fitness", routeId: "routes/fitness" },
  { name: "Travel", path: "/travel", routeId: "routes/travel" },
  { name: "Contact", path: "/contact", routeId: "routes/contact" },
  { name: "Single post", path: "/post/{slug}", routeId: "routes/post" },
  {
    name: "Events Calendar",
    path: "/events-calendar",
    routeId: "routes/events-calendar",
  },
];

/** The one route allowed a third-party host on page load (map tiles, spec §2 Travel). */
export function allowedThirdPartyHosts(pathname: string): ReadonlySet<string> {
  return new Set(
    pathname === "/travel"
      ? site.map.tileHosts.map((origin) => new URL(origin).host)
      : [],
  );
}

/** The first post's path, read from the site's own sitemap. */
export async function firstPostPath(baseUrl: string): Promise<string> {
  const sitemap = await (await fetch(`${baseUrl}/sitemap.xml`)).text();
  const match = /<loc>[^<]*?(\/post\/[^<]+)<\/loc>/.exec(sitemap);
  if (!match?.[1]) throw new Error("the seeded site lists no post");
  return match[1];
}

export function withPost(postPath: string): BudgetRoute[] {
  return specRoutes.map((route) =>
    route.routeId === "routes/post" ? { ...route, path: postPath } : route,
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
  return {
    dir,
    manifestFile: `/assets/${file}`,
    manifest: JSON.parse(json) as Manifest,
  };
}

/**
 * Every script a route's document loads before it is interactive: the
 * manifest, the client entry and its imports, then each route from the root
 * down to this one with its imports and split client modules.
 */
export function firstLoadScripts(
  build: ClientBuild,
  routeId: string,
): string[] {
  const scripts = new Set<string>([
    build.manifestFile,
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
