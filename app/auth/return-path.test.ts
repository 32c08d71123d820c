import { expect, test } from "vitest";

import { returnPathAfterSignIn, safeReturnPath } from "./return-path";

test("paths on this site come back whole: path, query and hash", () => {
  expect(safeReturnPath("/studio")).toBe("/studio");
  expect(safeReturnPath("/studio/posts?page=2#top")).toBe(
    "/studio/posts?page=2#top",
  );
  expect(safeReturnPath("/studio/../studio/posts")).toBe("/studio/posts");
  expect(safeReturnPath("/studio/./posts")).toBe("/studio/posts");
  // A query or hash may hold slashes: only the path decides the host.
  expect(safeReturnPath("/studio?next=//evil.example")).toBe(
    "/studio?next=//evil.example",
  );
  // An encoded slash stays encoded: a browser does not read it as "/".
  expect(safeReturnPath("/%2f/evil.example")).toBe("/%2f/evil.example");
});

test("nothing that a browser would read as another site is accepted", () => {
  const attacks = [
    "//evil.example/x",
    "///evil.example/x",
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
    "http:/evil.example/x",
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

test("dot segments that normalise to '//host' are refused", () => {
  const attacks = [
    "/.//evil.example/x",
    "/./%2e//evil.example/x",
    "/x/..//evil.example/x",
    "/x/y/../..//evil.example/x",
    "/%2e//evil.example/x",
    "/%2E//evil.example/x",
    "/%2e%2e//evil.example/x",
    "/%2E%2e//evil.example/x",
    "/x/%2e%2e//evil.example/x",
    "/x/.%2e//evil.example/x",
    "/x/%2e.//evil.example/x",
    "/..//evil.example/x",
    "/../..//evil.example/x",
    "/.///evil.example/x",
    "/././/evil.example",
  ];
  for (const attack of attacks)
    expect(safeReturnPath(attack), JSON.stringify(attack)).toBeNull();
});

test("a sign-in with no safe return path goes on to the studio", () => {
  expect(returnPathAfterSignIn(null)).toBe("/studio");
  expect(returnPathAfterSignIn("/.//evil.example/x")).toBe("/studio");
  expect(returnPathAfterSignIn("/studio/posts")).toBe("/studio/posts");
});
