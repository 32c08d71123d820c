import { describe, expect, test } from "vitest";

import {
  freshPerResponse,
  joinStamped,
  restamp,
  splitStamped,
} from "./per-response";

describe("a kept rendering sent under a new stamp", () => {
  const from = freshPerResponse();
  const html = [
    `<script nonce="${from.nonce}">boot()</script>`,
    `<style nonce="${from.nonce}">a{}</style>`,
    `<p>Café — “quoted” ✓</p>`,
    `<input type="hidden" name="formKey" value="${from.formKey}">`,
    `<script nonce="${from.nonce}">window.__ctx={"k":"${from.formKey}"}</script>`,
  ].join("\n");

  test("reads exactly as the text re-rendered under the new stamp", () => {
    const parts = splitStamped(Buffer.from(html), from);
    for (let i = 0; i < 3; i++) {
      const to = freshPerResponse();
      const sent = joinStamped(parts, to).toString("utf8");
      expect(sent).toBe(restamp(html, from, to));
      expect(sent).not.toContain(from.nonce);
      expect(sent).not.toContain(from.formKey);
      expect(sent.split(to.nonce)).toHaveLength(4);
      expect(sent.split(to.formKey)).toHaveLength(3);
    }
  });

  test("a text without either value is sent unchanged", () => {
    const plain = "<rss><item>Plain</item></rss>";
    const parts = splitStamped(Buffer.from(plain), from);
    expect(joinStamped(parts, freshPerResponse()).toString()).toBe(plain);
  });
});

test("no two responses share a nonce or a form key, across many refills of the random pool", () => {
  const stamps = Array.from({ length: 1000 }, () => freshPerResponse());
  const values = stamps.flatMap((stamp) => [stamp.nonce, stamp.formKey]);
  expect(new Set(values).size).toBe(values.length);
  // Each is 16 random bytes: 24 characters of base64, 22 of base64url.
  expect(stamps.every((stamp) => stamp.nonce.length === 24)).toBe(true);
  expect(stamps.every((stamp) => /^[\w-]{22}$/.test(stamp.formKey))).toBe(true);
});
