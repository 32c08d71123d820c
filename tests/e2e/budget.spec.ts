// The deterministic budgets (part of npm test; Lighthouse stays in npm run
// budget): what each public page loads in the browser before anyone touches
// it (script bytes, inline and files; third parties; studio code or style),
// and the studio's first-load JavaScript from the build's manifest.
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
  gzipSize,
  mapChunks,
  pageScriptBytes,
  readChunkModules,
  readClientBuild,
  studioModulesIn,
  studioRoutes,
  withPost,
} from "~scripts/lib/budgets";
import { appRoutes } from "~scripts/lib/route-table";

import { serverUrl } from "../../playwright.config";

const base = serverUrl("seeded");
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

test("each public page loads at most 15 KB gzip of script before anyone touches it (4 KB inline), nothing of the studio or a third party, and no secret", async ({
  context,
}) => {
  test.slow();
  const build = readClientBuild();
  const chunks = readChunkModules();
  const maps = new Set(mapChunks(build));
  const studioSheet = builtStylesheets(build).studio;
  const origin = new URL(base).host;
  const routes = withPost(await firstPostPath(base));
  // A list that came out empty would pass every check below.
  expect(routes.length).toBeGreaterThan(10);
  // Soft: one run names every page over a budget, not only the first.
  for (const route of routes) {
    const allowed = allowedThirdPartyHosts(route.path);
    const thirdParty: string[] = [];
    const scripts: string[] = [];
    const studioStyles: string[] = [];
    // A page of its own for each route: what the one before it loads late
    // (Travel's map, say) is not counted as this one's.
    const page = await context.newPage();
    page.on("request", (request) => {
      const url = new URL(request.url());
      if (!/^https?:$/.test(url.protocol)) return;
      if (url.host !== origin && !allowed.has(url.host)) {
        thirdParty.push(request.url());
      }
      if (url.host === origin && request.resourceType() === "script") {
        scripts.push(url.pathname);
      }
      if (url.pathname === studioSheet) studioStyles.push(url.pathname);
    });
    const response = await page.goto(base + route.path, {
      waitUntil: "networkidle",
    });
    const html = (await response?.text()) ?? "";
    await page.close();
    expect.soft(html, route.path).toContain("</html>");
    expect.soft(thirdParty, `${route.path} third-party requests`).toEqual([]);
    expect
      .soft(studioStyles, `${route.path} loads the studio's stylesheet`)
      .toEqual([]);
    // Travel's map comes when it comes into view, outside the budget.
    const loaded = [...new Set(scripts)].filter(
      (script) => !(route.path === "/travel" && maps.has(script)),
    );
    expect
      .soft(studioModulesIn(chunks, loaded), `${route.path} loads studio code`)
      .toEqual([]);
    const bytes = pageScriptBytes(build, html, loaded);
    expect
      .soft(
        bytes.total,
        `${route.path}: ${kb(bytes.inlineGzip)} inline + ${kb(bytes.files)} in ${loaded.length} files, gzip`,
      )
      .toBeLessThanOrEqual(budgets.publicScriptBytes);
    expect
      .soft(
        bytes.inlineGzip,
        `${route.path}: ${kb(bytes.inlineGzip)} of inline script, gzip (${kb(bytes.inline)} as sent)`,
      )
      .toBeLessThanOrEqual(budgets.inlineScriptBytes);
    // Where the owner's mail goes is never sent to a page; the map's tile
    // host only with the map's own code, which comes later.
    expect
      .soft(html, route.path)
      .not.toContain(defaultSettings.contactRecipient);
    for (const file of loaded) {
      const code = readFileSync(path.join(build.dir, file), "utf8");
      for (const secret of [
        defaultSettings.contactRecipient,
        new URL(mapTiles.tileHosts[0]).host,
      ]) {
        expect
          .soft(code.includes(secret), `${route.path}: ${file} has ${secret}`)
          .toBe(false);
      }
    }
  }
});

test("the studio's screens keep their first-load budget, the editor comes after the screen, and every route is known", () => {
  const build = readClientBuild();
  const chunks = readChunkModules();
  // The check can see studio code: the studio's own screens are made of it.
  expect(
    studioModulesIn(chunks, firstLoadScripts(build, "routes/studio/post-edit")),
  ).not.toEqual([]);
  // The route table knows every route the build has, so each is either the
  // studio's or measured as a public page.
  const known = new Set(["root", ...appRoutes().map((route) => route.id)]);
  expect(
    Object.keys(build.manifest.routes).filter((id) => !known.has(id)),
  ).toEqual([]);
  const editor = editorChunks(chunks);
  expect(editor).not.toEqual([]);
  const studio = studioRoutes(build);
  expect(studio.length).toBeGreaterThan(0);
  for (const route of studio) {
    const scripts = firstLoadScripts(build, route.routeId);
    // Tiptap arrives after the edit screen has rendered, never up front.
    expect(scripts.filter((file) => editor.includes(file))).toEqual([]);
    const bytes = firstLoadJsBytes(build, route.routeId);
    expect(bytes, `${route.name}: ${kb(bytes)} gzip`).toBeLessThanOrEqual(
      budgets.studioFirstLoadJsBytes,
    );
  }
  const editorBytes = editor.reduce(
    (total, file) => total + gzipSize(build, file),
    0,
  );
  expect(editorBytes).toBeLessThanOrEqual(budgets.studioEditorJsBytes);
});
