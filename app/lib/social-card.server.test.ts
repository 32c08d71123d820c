import { expect, test } from "vitest";

import { socialCard, socialCardSvg, wrapTitle } from "./social-card.server";

test("titles wrap by words and end with an ellipsis past the last line", () => {
  expect(wrapTitle("First Light on the Ridge", 12, 3)).toEqual([
    "First Light",
    "on the Ridge",
  ]);
  const lines = wrapTitle("one two three four five six seven eight", 9, 2);
  expect(lines).toHaveLength(2);
  expect(lines[1]?.endsWith("…")).toBe(true);
});

test("content is escaped in the SVG template", () => {
  const svg = socialCardSvg({
    eyebrow: "Live Music",
    title: "Rock & <Roll>",
    byline: "Jordan",
  });
  expect(svg).toContain("Rock &amp; &lt;Roll&gt;");
});

test("a card renders to a 1200×630 PNG once and is then served from memory", async () => {
  const input = { eyebrow: "Travel Log", title: "Lisbon", byline: "Jordan" };
  const first = await socialCard(input);
  expect(first.png.subarray(1, 4).toString()).toBe("PNG");
  expect(first.png.readUInt32BE(16)).toBe(1200);
  expect(first.png.readUInt32BE(20)).toBe(630);
  const second = await socialCard(input);
  expect(second).toBe(first);
});
