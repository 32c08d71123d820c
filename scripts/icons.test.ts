import { readFileSync } from "node:fs";
import path from "node:path";

import { expect, test } from "vitest";

import { iconFiles } from "./icons.ts";

test("public/ holds the favicon set and manifest exactly as generated from the site config", () => {
  for (const [name, data] of iconFiles()) {
    const committed = readFileSync(path.resolve("public", name));
    expect(
      committed.equals(data),
      `public/${name} is stale: run npm run icons`,
    ).toBe(true);
  }
});

test("the SVG favicon carries outlines, not text that needs a font", () => {
  const svg = iconFiles().get("favicon.svg")?.toString() ?? "";
  expect(svg).toContain("<path");
  expect(svg).not.toContain("<text");
});

test("the manifest names the site and lists a maskable icon", () => {
  const manifest = JSON.parse(
    iconFiles().get("site.webmanifest")?.toString() ?? "{}",
  ) as { name: string; icons: Array<{ purpose?: string }> };
  expect(manifest.name).toContain("Live Seasoned");
  expect(manifest.icons.some((icon) => icon.purpose === "maskable")).toBe(true);
});
