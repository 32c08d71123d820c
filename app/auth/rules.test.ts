import { expect, test } from "vitest";

import { safeReturnPath } from "./rules";

test("paths on this site come back whole: path, query and hash", () => {
  expect(safeReturnPath("/studio")).toBe("/studio");
  expect(safeReturnPath("/studio/posts?page=2#top")).toBe(
    "/studio/posts?page=2#top",
  );
  expect(safeReturnPath("/studio/../studio/posts")).toBe("/studio/posts");
});

test("nothing that a browser would read as another site is accepted", () => {
  const attacks = [
    "//evil.example/x",
    "/\\evil.example/x",
    // A browser drops tabs and newlines from a URL: these are '//evil.example/x'.
    "/\t/evil.example/x",
    "/\n/evil.example/x",
    "/\r/evil.example/x",
    "\t//evil.example/x",
    "/%09/evil.example/x".replace("%09", "\u0009"),
    "/\u0000/evil.example",
    "/\u007f/evil.example",
    "https://evil.example/x",
    "javascript:alert(1)",
    "/studio\\..\\..\\evil",
    "evil.example",
    "",
    `/${"a".repeat(2001)}`,
  ];
  for (const attack of attacks)
    expect(safeReturnPath(attack), JSON.stringify(attack)).toBeNull();
  expect(safeReturnPath(undefined)).toBeNull();
  expect(safeReturnPath(["/studio"])).toBeNull();
});
