import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { gzipSync } from "node:zlib";

import { expect, test } from "vitest";

import { navigation } from "~/config/navigation";
import { sectionPagePaths } from "~database/sections";

import {
  calibratedSlowdown,
  hostMemoryNote,
  inlineScripts,
  pageScriptBytes,
  POST_PATH,
  publicPages,
  REFERENCE_BENCHMARK_INDEX,
  scriptFreeCopy,
  withPost,
} from "./budgets";
import type { ClientBuild } from "./budgets";

const page = [
  "<!DOCTYPE html><html><head>",
  '<style nonce="n">h1{color:red}</style>',
  '<link rel="modulepreload" href="/assets/entry.js" nonce="n"/>',
  '<script type="application/ld+json">{"@type":"Person"}</script>',
  '<script type="speculationrules">{"prerender":[]}</script>',
  "</head><body><h1>Hello</h1>",
  '<script nonce="n">document.body.dataset.ready = "yes";</script>',
  '<script nonce="n" type="module" src="/assets/island.js"></script>',
  "</body></html>",
].join("");

test("the control is the same document without a script to run or a module to preload; data blocks stay", () => {
  expect(scriptFreeCopy(page)).toBe(
    [
      "<!DOCTYPE html><html><head>",
      '<style nonce="n">h1{color:red}</style>',
      '<script type="application/ld+json">{"@type":"Person"}</script>',
      '<script type="speculationrules">{"prerender":[]}</script>',
      "</head><body><h1>Hello</h1>",
      "</body></html>",
    ].join(""),
  );
});

test("a page's script is its inline code and the files it fetched, gzip as sent", () => {
  expect(inlineScripts(page)).toEqual(['document.body.dataset.ready = "yes";']);
  const dir = mkdtempSync(path.join(tmpdir(), "budgets-"));
  try {
    mkdirSync(path.join(dir, "assets"));
    const island = "export const island = 1;\n".repeat(200);
    writeFileSync(path.join(dir, "assets", "island.js"), island);
    // The server sends the precompressed sibling: its size is what counts.
    writeFileSync(path.join(dir, "assets", "island.js.gz"), Buffer.alloc(321));
    const build: ClientBuild = {
      dir,
      manifestFile: "/assets/manifest.js",
      manifest: { entry: { module: "", imports: [] }, routes: {} },
      loadsManifest: false,
    };
    const code = 'document.body.dataset.ready = "yes";';
    const inlineGzip = gzipSync(code, { level: 9 }).length;
    expect(pageScriptBytes(build, page, ["/assets/island.js"])).toEqual({
      inline: code.length,
      inlineGzip,
      files: 321,
      total: inlineGzip + 321,
    });
    // A document without code costs nothing inline.
    expect(pageScriptBytes(build, scriptFreeCopy(page), []).total).toBe(0);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test("the measured pages are the app's own: every header item, every section's page, the Events Calendar and a post, once each", () => {
  const pages = publicPages();
  const paths = pages.map((route) => route.path);
  expect(new Set(paths).size).toBe(paths.length);
  for (const item of navigation) {
    expect(pages).toContainEqual({ name: item.name, path: item.href });
  }
  for (const path of sectionPagePaths) expect(paths).toContain(path);
  expect(paths).toContain("/events-calendar");
  expect(paths).toContain(POST_PATH);
  const withSlug = withPost("/post/first-light").map((route) => route.path);
  expect(withSlug).toContain("/post/first-light");
  expect(withSlug).not.toContain(POST_PATH);
});

test("a run is slowed to stand for the reference host, whatever the host's speed", () => {
  // The reference host gets Lighthouse's own 4x; a host twice as fast twice that.
  expect(calibratedSlowdown(REFERENCE_BENCHMARK_INDEX)).toBe(4);
  expect(calibratedSlowdown(REFERENCE_BENCHMARK_INDEX * 2)).toBe(8);
  expect(calibratedSlowdown(REFERENCE_BENCHMARK_INDEX / 2)).toBe(2);
  // Never faster than the run itself, and Lighthouse's factor without an index.
  expect(calibratedSlowdown(100)).toBe(1);
  expect(calibratedSlowdown(undefined)).toBe(4);
  expect(calibratedSlowdown(Number.NaN)).toBe(4);
});

test("a host that maps its memory on first use is named in the run's header", () => {
  expect(hostMemoryNote(0.4)).toBe(
    "Host: the first write to fresh memory costs 0.4 µs a 4 KB page.",
  );
  expect(hostMemoryNote(12)).toMatch(
    /^Host: the first write to fresh memory costs 12\.0 µs a 4 KB page\. This host maps memory on first use: .* do not compare with another host's/,
  );
});
