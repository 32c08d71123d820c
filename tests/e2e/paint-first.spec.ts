// The paint-first pass (app/lib/document.server.ts) rewrites React Router's
// HTML by pattern. Here it runs where it runs in production: on every public
// page the built app renders, through the built server. Should a framework
// upgrade change the shape of any piece it rewrites, the server reports the
// piece (log and metric) and this journey fails naming it and the page.
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

import { expect, test } from "@playwright/test";

import { DOCUMENT_PIECES } from "~/lib/document-pieces";
import {
  builtStylesheets,
  firstPostPath,
  publicRoutes,
  readClientBuild,
} from "~scripts/lib/budgets";
import { launchServer } from "~scripts/lib/server";
import type { RunningServer } from "~scripts/lib/server";

import { servers } from "../../playwright.config";

const METRICS_TOKEN = "paint-first-journey-token";
// A port of its own beside the shared servers, within this run's range.
const port = servers.archive + 10 + Number(process.env.E2E_PORT_BASE ?? 0);

let server: RunningServer | undefined;
let dataDir: string;
let logFile: string;

test.beforeAll(async () => {
  // A fresh embedded database is created and seeded as the server starts:
  // on a busy shared machine that takes minutes.
  test.setTimeout(660_000);
  dataDir = mkdtempSync(path.join(tmpdir(), "paint-first-"));
  logFile = path.join(dataDir, "server.log");
  server = await launchServer({
    name: "the paint-first server",
    port,
    requireFreePort: true,
    env: {
      DATA_DIR: path.join(dataDir, "data"),
      DATABASE_URL: undefined,
      METRICS_TOKEN,
      LOG_LEVEL: "warn",
      TRUST_PROXY: "0",
    },
    log: logFile,
    readyTimeoutMs: 600_000,
  });
});

test.afterAll(async () => {
  await server?.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

/**
 * A path that renders each public page route of the build: Home for the
 * index, the post's from the sitemap, the catch-all's a 404.
 */
async function publicPages(
  url: string,
): Promise<Array<{ id: string; path: string }>> {
  const post = await firstPostPath(url);
  const build = readClientBuild();
  return publicRoutes()
    .filter((route) => {
      const built = build.manifest.routes[route.id];
      return (
        built?.hasDefaultExport === true &&
        (route.path !== undefined || built.index === true)
      );
    })
    .map((route) => ({
      id: route.id,
      path:
        route.path === undefined
          ? "/"
          : route.path === "post/:slug"
            ? post
            : route.path === "*"
              ? "/no-such-page"
              : `/${route.path}`,
    }));
}

/** The boot script's configuration, as the pass wrote it. */
function bootConfig(html: string): Record<string, unknown> | undefined {
  const match =
    /\)\((\{"code":[\s\S]*?\})(?:,"(?:[^"\\]|\\.)*"(?:\+"(?:[^"\\]|\\.)*")*)?\)<\/script>/.exec(
      html,
    );
  return match?.[1]
    ? (JSON.parse(match[1]) as Record<string, unknown>)
    : undefined;
}

test("every public page of the build paints first: its CSS inline, its scripts handed to the boot script, nothing reported missing", async () => {
  test.setTimeout(120_000);
  if (!server) throw new Error("the paint-first server did not start");
  const { url } = server;
  const sheet = builtStylesheets(readClientBuild()).site;
  const pages = await publicPages(url);
  // The route table's public pages, the 404 and the old management paths.
  expect(pages.map((page) => page.path)).toContain("/");
  expect(pages.length).toBeGreaterThan(15);
  for (const page of pages) {
    const response = await fetch(url + page.path);
    expect(response.headers.get("content-type"), page.path).toContain(
      "text/html",
    );
    const html = await response.text();
    const where = `${page.id} (${page.path})`;
    // Each check names the page and the piece, not the whole document.
    const has = (piece: string, pattern: RegExp) =>
      expect(pattern.test(html), `${where}: ${piece}`);
    has("the used CSS inline", /<style nonce="[^"]+" data-used-css>/).toBe(
      true,
    );
    has("a stylesheet link left", /rel="stylesheet"/).toBe(false);
    has("a module preload left", /rel="modulepreload"/).toBe(false);
    has("the manifest link left", /rel="manifest"/).toBe(false);
    // React Router's module script stays, empty, where hydration expects it.
    has(
      "the module script emptied",
      /<script nonce="[^"]+" type="module" async=""><\/script>/,
    ).toBe(true);
    // The loader data goes to the boot script, which makes React Router's
    // stream of it only when React Router reads it (decision 048).
    has(
      "the loader data handed to the boot script",
      /\}\)\(\{"code":[\s\S]*?\},"(?:[^"\\]|\\.)*"(?:\+"(?:[^"\\]|\\.)*")*\)<\/script>/,
    ).toBe(true);
    has("a stream opened while the page is parsed", /streamController/).toBe(
      false,
    );
    const config = bootConfig(html);
    expect(config, `${where}: the boot script`).toBeDefined();
    expect(config?.stylesheet, where).toBe(sheet);
    expect(config?.preloads, where).toEqual(
      expect.arrayContaining([expect.stringMatching(/^\/assets\/.+\.js$/)]),
    );
    // The manifest was found, named the routes' modules, and lost its
    // indents; every preload but the client entry's, last, runs ahead.
    const preloads = config?.preloads as string[];
    expect(config?.ahead, where).toBe(preloads.length - 1);
    expect(config?.code, where).toContain(`import("${preloads.at(-1)}")`);
    expect(config?.code, where).toContain(
      'window.__reactRouterManifest = {"entry":{"module":"/assets/',
    );
  }

  const metrics = await (
    await fetch(`${url}/metrics`, {
      headers: { authorization: `Bearer ${METRICS_TOKEN}` },
    })
  ).text();
  for (const piece of DOCUMENT_PIECES) {
    expect(metrics, piece).toContain(
      `paint_first_missing_pieces_total{piece="${piece}"} 0\n`,
    );
  }
  const reports = readFileSync(logFile, "utf8")
    .split("\n")
    .filter((line) => line.includes("paint-first"));
  expect(reports).toEqual([]);
});
