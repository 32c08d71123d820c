import { expect, test } from "vitest";

import { storableText } from "./storable-text";

test("what the database refuses is taken out, the rest kept", () => {
  expect(storableText("x\u0000y")).toBe("xy");
  expect(storableText("a\tb\r\nc\u007f")).toBe("abc");
  expect(storableText("\ud800lone")).toBe("\ufffdlone");
  expect(storableText("Zoë 🥾 /post/a-walk")).toBe("Zoë 🥾 /post/a-walk");
});
