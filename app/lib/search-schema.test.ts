import { expect, test } from "vitest";

import { SEARCH_LIMITS } from "./search";
import { searchFromUrl, searchQuerySchema } from "./search-schema";

const search = (query: string) =>
  searchFromUrl(new URL(`http://site/search?${query}`));

test("a query is trimmed and its runs of spaces become one", () => {
  expect(searchQuerySchema.parse("  alpine \t\n lakes ")).toBe("alpine lakes");
});

test("an empty or blank query is refused with a clear message", () => {
  expect(search("q=")).toEqual({
    ok: false,
    query: "",
    error: "Type a word to search for.",
  });
  expect(search("q=%20%20")).toMatchObject({ ok: false });
});

test("a query may be as long as the limit and no longer", () => {
  const longest = "a".repeat(SEARCH_LIMITS.length);
  expect(searchQuerySchema.safeParse(longest).success).toBe(true);
  expect(search(`q=${longest}b`)).toMatchObject({
    ok: false,
    error: `Keep the search under ${SEARCH_LIMITS.length} characters.`,
  });
});

test("a query may have as many words as the limit and no more", () => {
  const words = (n: number) =>
    Array.from({ length: n }, (_, i) => `w${i}`).join(" ");
  expect(searchQuerySchema.safeParse(words(SEARCH_LIMITS.words)).success).toBe(
    true,
  );
  expect(
    searchQuerySchema.safeParse(words(SEARCH_LIMITS.words + 1)).success,
  ).toBe(false);
});

test("control characters are refused", () => {
  expect(searchQuerySchema.safeParse("jazz\u0000").success).toBe(false);
  expect(searchQuerySchema.safeParse("jazz\u0002night").success).toBe(false);
});

test("quotes, minus signs and 'or' pass through for the full-text parser", () => {
  expect(searchQuerySchema.parse('"alpine lake" -crowded or jazz')).toBe(
    '"alpine lake" -crowded or jazz',
  );
});

test("the page is 1 by default, a plain whole number otherwise", () => {
  expect(search("q=jazz")).toEqual({
    ok: true,
    search: { q: "jazz", page: 1 },
  });
  expect(search("q=jazz&page=3")).toMatchObject({
    ok: true,
    search: { page: 3 },
  });
  for (const page of ["0", "-1", "02", "1.5", "abc", "99999999"]) {
    expect(search(`q=jazz&page=${page}`)).toMatchObject({ ok: false });
  }
});

test("no q means no search (the page shows its form)", () => {
  expect(search("")).toBeNull();
});

test("an overlong query is echoed back cut short", () => {
  const result = search(`q=${"x".repeat(5000)}`);
  expect(result).toMatchObject({ ok: false });
  if (result && !result.ok) {
    expect(result.query.length).toBe(SEARCH_LIMITS.length * 2);
  }
});
