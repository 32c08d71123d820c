import { expect, test } from "vitest";

import { POST_BODY } from "./document-html";
import { onceInDocument } from "./document-html.server";

const body = "<p>Wisdom and innovation flow in both directions.</p>";

test("a whole document renders the body from the server's copy and leaves it out of its data", () => {
  const documentHtml = new Map<string, string>();
  expect(
    onceInDocument({ wholeDocument: true, documentHtml }, POST_BODY, body),
  ).toBe("");
  expect(documentHtml.get(POST_BODY)).toBe(body);
});

test("a client navigation's data carries the body: there is no page to take it from", () => {
  const documentHtml = new Map<string, string>();
  expect(
    onceInDocument({ wholeDocument: false, documentHtml }, POST_BODY, body),
  ).toBe(body);
  expect(documentHtml.size).toBe(0);
});
