import { expect, test } from "vitest";

import { formatPostDate, ratingStars } from "./posts";

test("post dates read in long US format", () => {
  expect(formatPostDate("2025-07-25")).toBe("July 25, 2025");
  expect(formatPostDate("2024-01-05")).toBe("January 5, 2024");
  expect(formatPostDate("not a date")).toBe("not a date");
});

test("ratings become five stars in halves, with a spoken label", () => {
  expect(ratingStars(3.5)).toEqual({
    stars: ["full", "full", "full", "half", "empty"],
    label: "Rated 3.5 out of 5",
  });
  expect(ratingStars(5).stars).toEqual(Array(5).fill("full"));
  expect(ratingStars(0)).toEqual({
    stars: Array(5).fill("empty"),
    label: "Rated 0 out of 5",
  });
  expect(ratingStars(4.2)).toMatchObject({ label: "Rated 4 out of 5" });
  expect(ratingStars(4.3).stars).toEqual([
    "full",
    "full",
    "full",
    "full",
    "half",
  ]);
  expect(ratingStars(9)).toMatchObject({ label: "Rated 5 out of 5" });
});

test("a non-number or negative rating shows five empty stars", () => {
  for (const rating of ["4.5", -1, null, undefined, Number.NaN, { value: 4 }]) {
    expect(ratingStars(rating)).toEqual({
      stars: Array(5).fill("empty"),
      label: "Not rated",
    });
  }
});
