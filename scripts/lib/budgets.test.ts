import { expect, test } from "vitest";

import { scriptFreeCopy } from "./budgets";

test("the control is the same document without a script to run or a module to preload", () => {
  const page = [
    "<!DOCTYPE html><html><head>",
    '<style nonce="n">h1{color:red}</style>',
    '<link rel="modulepreload" href="/assets/entry.js" nonce="n"/>',
    '<script type="application/ld+json">{"@type":"Person"}</script>',
    "</head><body><h1>Hello</h1>",
    '<script nonce="n">window.__context = {"a":"<\\/b>"}; boot();</script>',
    '<script nonce="n" type="module" async=""></script>',
    "</body></html>",
  ].join("");
  expect(scriptFreeCopy(page)).toBe(
    [
      "<!DOCTYPE html><html><head>",
      '<style nonce="n">h1{color:red}</style>',
      '<script type="application/ld+json">{"@type":"Person"}</script>',
      "</head><body><h1>Hello</h1>",
      "</body></html>",
    ].join(""),
  );
});
