import { expect, test } from "vitest";

import { deferModulePreloads } from "./document.server";

test("module preloads move from the head to the end of the body, in order", () => {
  const html =
    '<html><head><link rel="stylesheet" href="/a.css"/><link rel="modulepreload" href="/1.js" nonce="n"/><link rel="modulepreload" href="/2.js"/><title>T</title></head><body><main>Hi</main><script>x()</script></body></html>';
  expect(deferModulePreloads(html)).toBe(
    '<html><head><link rel="stylesheet" href="/a.css"/><title>T</title></head><body><main>Hi</main><script>x()</script><link rel="modulepreload" href="/1.js" nonce="n"/><link rel="modulepreload" href="/2.js"/></body></html>',
  );
});

test("a document without preloads or a head is left alone", () => {
  expect(deferModulePreloads("<p>fragment</p>")).toBe("<p>fragment</p>");
  expect(deferModulePreloads("<head></head><body></body>")).toBe(
    "<head></head><body></body>",
  );
});
