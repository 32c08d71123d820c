import { expect, test } from "vitest";

import { pageHref } from "./page-href";
import { MAX_PAGE, pageFromUrl } from "./page-param";
import { pageCountOf, pageNumbers } from "./pagination";

const pageOf = (search: string) =>
  pageFromUrl(new URL(`http://site/content-hub${search}`));

test("no page parameter is page 1; a plain whole number is that page", () => {
  expect(pageOf("")).toBe(1);
  expect(pageOf("?page=1")).toBe(1);
  expect(pageOf("?page=17")).toBe(17);
  expect(pageOf(`?page=${MAX_PAGE}`)).toBe(MAX_PAGE);
});

test("anything else names no page", () => {
  for (const search of [
    "?page=0",
    "?page=-2",
    "?page=02",
    "?page=2.0",
    "?page=",
    "?page=two",
    `?page=${MAX_PAGE + 1}`,
    "?page=2&page=3",
  ]) {
    expect(pageOf(search), search).toBeNull();
  }
});

test("page 1's URL is the screen's own path; others add ?page and keep other parameters", () => {
  expect(pageHref("/hiking", 1)).toBe("/hiking");
  expect(pageHref("/hiking", 2)).toBe("/hiking?page=2");
  expect(pageHref("/search", 3, { q: "rock & roll" })).toBe(
    "/search?q=rock+%26+roll&page=3",
  );
  expect(pageHref("/search", 1, { q: "jazz" })).toBe("/search?q=jazz");
});

test("page numbers show the ends and the neighbourhood, with gaps", () => {
  expect(pageNumbers({ page: 1, pageCount: 3 })).toEqual([1, 2, 3]);
  expect(pageNumbers({ page: 10, pageCount: 84 })).toEqual([
    1,
    null,
    8,
    9,
    10,
    11,
    12,
    null,
    84,
  ]);
  expect(pageNumbers({ page: 84, pageCount: 84 })).toEqual([
    1,
    null,
    82,
    83,
    84,
  ]);
});

test("an empty archive still has one page", () => {
  expect(pageCountOf(0, 24)).toBe(1);
  expect(pageCountOf(24, 24)).toBe(1);
  expect(pageCountOf(25, 24)).toBe(2);
});
