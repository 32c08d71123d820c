import { expect, test } from "vitest";

import {
  readConcertMeta,
  readHikingMeta,
  readTravelMeta,
} from "./post-meta.server";
import { DEFAULT_COORDINATES } from "./posts";

test("hiking meta falls back to the documented defaults", () => {
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

test("travel meta falls back to the documented defaults", () => {
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
