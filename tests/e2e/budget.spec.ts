// The deterministic budgets (part of npm test; Lighthouse stays in npm run
// budget): first-load JavaScript per route from the build's manifest, and no
// third-party request on page load except map tiles on Travel.
import { readFileSync } from "node:fs";
import path from "node:path";

import { expect, test } from "@playwright/test";

import { defaultSettings } from "~/config/default-settings";
import { mapTiles } from "~/config/map-tiles";

import {
  allowedThirdPartyHosts,
  budgets,
  builtStylesheets,
  editorChunks,
  firstLoadJsBytes,
  firstLoadScripts,
  firstPostPath,
  gzip9Size,
  gzipSize,
  hasStudioOnlyClasses,
  mapChunks,
  pageRoutes,
  publicRoutes,
  readChunkModules,
  readClientBuild,
  readStylesheet,
  sourceTokens,
  studioModulesIn,
  studioOnlyClasses,
  studioRoutes,
  withPost,
} from "~scripts/lib/budgets";
import { appRoutes } from "~scripts/lib/route-table";

import { serverUrl } from "../../playwright.config";

const base = serverUrl("seeded");

test("every public page's first-load JavaScript is within 120 KB gzip (as served, and at gzip -9), and none carries the map code", () => {
  const build = readClientBuild();
  const maps = new Set(mapChunks(build));
  // The spec's route table, sign-in, the 404 and the old management paths.
  for (const route of pageRoutes(build, publicRoutes())) {
    const bytes = firstLoadJsBytes(build, route.id);
    expect(
      bytes,
      `${route.id}: ${(bytes / 1024).toFixed(1)} KB gzip`,
    ).toBeLessThanOrEqual(budgets.firstLoadJsBytes);
    // Issue 15's measure: each file at gzip -9, whatever the server sends.
    const level9 = firstLoadScripts(build, route.id).reduce(
      (total, file) => total + gzip9Size(build, file),
      0,
    );
    expect(
      level9,
      `${route.id}: ${(level9 / 1024).toFixed(2)} KB at gzip -9`,
    ).toBeLessThanOrEqual(budgets.firstLoadJsBytes);
    const eager = firstLoadScripts(build, route.id).filter((file) =>
      maps.has(file),
    );
    expect(eager, `${route.id} loads the map code up front`).toEqual([]);
  }
});

test("no public page's first-load JavaScript carries the contact recipient or the map's tile hosts", () => {
  const build = readClientBuild();
  for (const route of pageRoutes(build, publicRoutes())) {
    for (const script of firstLoadScripts(build, route.id)) {
      const code = readFileSync(path.join(build.dir, script), "utf8");
      for (const secret of [
        defaultSettings.contactRecipient,
        new URL(mapTiles.tileHosts[0]).host,
      ]) {
        expect(
          code.includes(secret),
          `${route.id}: ${script} has ${secret}`,
        ).toBe(false);
      }
    }
  }
});

/** The parts a first load keeps as the server's HTML and never fetches the code of (laterPart). */
const later = [
  "app/components/posts/featured-post.tsx",
  "app/components/page/page-links.tsx",
  "app/components/sections/travel.tsx",
];

test("the archive screens' featured post and page links, and Travel's fixed sections, are in no public first load: they come with a client navigation", () => {
  const build = readClientBuild();
  const chunks = readChunkModules();
  // They are built, each in a file of its own the archive screens fetch later.
  for (const module of later) {
    expect(
      Object.values(chunks).some((modules) => modules.includes(module)),
      module,
    ).toBe(true);
  }
  for (const route of publicRoutes()) {
    const loaded = firstLoadScripts(build, route.id).flatMap(
      (script) => chunks[script] ?? [],
    );
    expect(
      later.filter((module) => loaded.includes(module)),
      route.id,
    ).toEqual([]);
  }
});

test("no public route's first load carries studio code or the editor; studio screens keep their own budget", () => {
  const build = readClientBuild();
  const chunks = readChunkModules();
  // The check can see studio code: the studio's own screens are made of it.
  expect(
    studioModulesIn(chunks, firstLoadScripts(build, "routes/studio/post-edit")),
  ).not.toEqual([]);
  // The route table knows every route the build has, so each is either the
  // studio's or checked here.
  const known = new Set(["root", ...appRoutes().map((route) => route.id)]);
  expect(
    Object.keys(build.manifest.routes).filter((id) => !known.has(id)),
  ).toEqual([]);
  for (const route of publicRoutes()) {
    expect(
      studioModulesIn(chunks, firstLoadScripts(build, route.id)),
      `${route.id} loads studio code`,
    ).toEqual([]);
  }
  const editor = editorChunks(chunks);
  expect(editor).not.toEqual([]);
  for (const route of studioRoutes(build)) {
    const scripts = firstLoadScripts(build, route.routeId);
    // Tiptap arrives after the edit screen has rendered, never up front.
    expect(scripts.filter((file) => editor.includes(file))).toEqual([]);
    const bytes = firstLoadJsBytes(build, route.routeId);
    expect(
      bytes,
      `${route.name}: ${(bytes / 1024).toFixed(1)} KB gzip`,
    ).toBeLessThanOrEqual(budgets.studioFirstLoadJsBytes);
  }
  const editorBytes = editor.reduce(
    (total, file) => total + gzipSize(build, file),
    0,
  );
  expect(editorBytes).toBeLessThanOrEqual(budgets.studioEditorJsBytes);
});

test("the public stylesheet has no rule for a class only the studio uses; the studio's own sheet has them", () => {
  const build = readClientBuild();
  const sheets = builtStylesheets(build);
  const tokens = sourceTokens();
  // The check can see studio classes: the studio's sheet is made of them.
  expect(
    hasStudioOnlyClasses(readStylesheet(build, sheets.studio), tokens),
  ).toBe(true);
  expect(
    studioOnlyClasses(readStylesheet(build, sheets.site), tokens),
    `classes only the studio uses, in ${sheets.site}`,
  ).toEqual([]);
});

test("pages load nothing from third parties and stay within the script budget in the browser too", async ({
  context,
}) => {
  test.slow();
  const build = readClientBuild();
  const chunks = readChunkModules();
  const studioSheet = builtStylesheets(build).studio;
  const routes = withPost(await firstPostPath(base));
  for (const route of routes) {
    const origin = new URL(base).host;
    const allowed = allowedThirdPartyHosts(route.path);
    const thirdParty: string[] = [];
    const scripts: string[] = [];
    const studioStyles: string[] = [];
    const onRequest = (request: { url(): string; resourceType(): string }) => {
      const url = new URL(request.url());
      if (!/^https?:$/.test(url.protocol)) return;
      if (url.host !== origin && !allowed.has(url.host)) {
        thirdParty.push(request.url());
      }
      if (url.host === origin && request.resourceType() === "script") {
        scripts.push(url.pathname);
      }
      if (url.pathname === studioSheet) studioStyles.push(route.path);
    };
    // A page of its own for each route: what the one before it loads late
    // (Travel's map, say) is not counted as this one's.
    const page = await context.newPage();
    page.on("request", onRequest);
    await page.goto(base + route.path, { waitUntil: "networkidle" });
    await page.close();
    expect(thirdParty, `${route.path} third-party requests`).toEqual([]);
    expect(studioStyles, "the studio's stylesheet").toEqual([]);
    // Everything the page itself loaded counts, lazy chunks included; only
    // Travel's map code, loaded after first paint, is outside the budget.
    const maps = new Set(mapChunks(build));
    const loaded = [...new Set(scripts)].filter(
      (script) => !(route.path === "/travel" && maps.has(script)),
    );
    // A kept part hydrated late (in a Suspense boundary) keeps its HTML
    // too: drawing it afresh would fetch its code and shift the page.
    expect(
      loaded.filter((script) =>
        later.some((module) => chunks[script]?.includes(module)),
      ),
      `${route.path} fetched the code of a part its first load keeps`,
    ).toEqual([]);
    const bytes = loaded.reduce(
      (total, script) => total + gzipSize(build, script),
      0,
    );
    expect(
      bytes,
      `${route.path} loaded ${(bytes / 1024).toFixed(1)} KB gzip of scripts`,
    ).toBeLessThanOrEqual(budgets.firstLoadJsBytes);
  }
});
