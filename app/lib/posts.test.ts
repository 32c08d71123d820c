import { expect, test } from "vitest";

import {
  DEFAULT_COORDINATES,
  formatPostDate,
  ratingStars,
  readConcertMeta,
  readHikingMeta,
  readTravelMeta,
} from "./posts";

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

test("hiking meta falls back to the spec's defaults", () => {
  const defaults = {
    location: "Unknown Location",
    difficulty: "Moderate",
    distance: "N/A",
    elevationGain: "N/A",
  };
  expect(readHikingMeta(null)).toEqual(defaults);
  expect(readHikingMeta("trail")).toEqual(defaults);
  expect(readHikingMeta({ difficulty: "Strenuous", location: "  " })).toEqual(
    defaults,
  );
  expect(
    readHikingMeta({
      location: "Table Rock",
      difficulty: "easy",
      distance: 3.6,
      elevationGain: "900 ft",
    }),
  ).toEqual({
    location: "Table Rock",
    difficulty: "Easy",
    distance: "3.6",
    elevationGain: "900 ft",
  });
});

test("concert meta: the artist falls back to the title, the venue to 'Unknown Venue'", () => {
  expect(readConcertMeta(undefined, "Night Owls")).toEqual({
    artist: "Night Owls",
    venue: "Unknown Venue",
    rating: null,
  });
  expect(
    readConcertMeta(
      { artist: "The Marigold Hours", venue: "Knitting Factory", rating: 4.5 },
      "A title",
    ),
  ).toEqual({
    artist: "The Marigold Hours",
    venue: "Knitting Factory",
    rating: 4.5,
  });
  expect(readConcertMeta({ rating: "five" }, "A title").rating).toBeNull();
});

test("travel meta falls back to the spec's defaults", () => {
  expect(readTravelMeta(null)).toEqual({
    highlights: [],
    takeaway: "Each journey leaves an indelible mark.",
    coordinates: DEFAULT_COORDINATES,
    status: "Visited",
    location: "An Amazing Place",
  });
  expect(
    readTravelMeta({ coordinates: [95, 10], highlights: "none" }),
  ).toMatchObject({ coordinates: [40.7128, -74.006], highlights: [] });
});

test("travel highlights keep readable entries and drop the rest", () => {
  const meta = readTravelMeta({
    highlights: [
      { name: "Fushimi Inari at dawn", type: "Cultural Immersion" },
      { name: "No type" },
      { type: "Relaxation" },
      "just text",
    ],
    coordinates: [35.0116, 135.7681],
    status: "Revisited",
    location: "Kyoto, Japan",
  });
  expect(meta.highlights).toEqual([
    { name: "Fushimi Inari at dawn", type: "Cultural Immersion" },
    { name: "No type", type: "" },
  ]);
  expect(meta).toMatchObject({
    coordinates: [35.0116, 135.7681],
    status: "Revisited",
    location: "Kyoto, Japan",
  });
});
