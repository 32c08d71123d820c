import { expect, test } from "vitest";

import { deferModulePreloads } from "./document.server";

test("module preloads move from the head to just before the first script, at low priority", () => {
  const html =
    '<html><head><link rel="stylesheet" href="/a.css"/><link rel="modulepreload" href="/1.js" nonce="n"/><link rel="modulepreload" href="/2.js"/><title>T</title></head><body><main>Hi</main><script type="application/ld+json">{}</script><script>x()</script></body></html>';
  expect(deferModulePreloads(html)).toBe(
    '<html><head><link rel="stylesheet" href="/a.css"/><title>T</title></head><body><main>Hi</main><script type="application/ld+json">{}</script><link fetchpriority="low" rel="modulepreload" href="/1.js" nonce="n"/><link fetchpriority="low" rel="modulepreload" href="/2.js"/><script>x()</script></body></html>',
  );
});

test("without a script they go to the end of the body", () => {
  expect(
    deferModulePreloads(
      '<head><link rel="modulepreload" href="/1.js"/></head><body><p>x</p></body>',
    ),
  ).toBe(
    '<head></head><body><p>x</p><link fetchpriority="low" rel="modulepreload" href="/1.js"/></body>',
  );
});

test("a document without preloads or a head is left alone", () => {
  expect(deferModulePreloads("<p>fragment</p>")).toBe("<p>fragment</p>");
  expect(deferModulePreloads("<head></head><body></body>")).toBe(
    "<head></head><body></body>",
  );
});
