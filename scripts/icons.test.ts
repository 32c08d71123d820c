import { readFileSync } from "node:fs";
import path from "node:path";

import { expect, test } from "vitest";

import { brandIconNames } from "~/lib/icon-names";

import { generatedFiles, lucideIconNames } from "./icons";

test("the committed icons, manifest and sprite are exactly what the generator draws from the config", () => {
  for (const [file, data] of generatedFiles()) {
    const committed = readFileSync(path.resolve(file));
    expect(committed.equals(data), `${file} is stale: run npm run icons`).toBe(
      true,
    );
  }
});

test("the SVG favicon carries outlines, not text that needs a font", () => {
  const svg = generatedFiles().get("public/favicon.svg")?.toString() ?? "";
  expect(svg).toContain("<path");
  expect(svg).not.toContain("<text");
});

test("the manifest names the site and lists a maskable icon", () => {
  const manifest = JSON.parse(
    generatedFiles().get("public/site.webmanifest")?.toString() ?? "{}",
  ) as { name: string; icons: Array<{ purpose?: string }> };
  expect(manifest.name).toContain("Live Seasoned");
  expect(manifest.icons.some((icon) => icon.purpose === "maskable")).toBe(true);
});

test("the sprite has a symbol for every icon the site draws, the default and the brand marks", () => {
  const sprite = generatedFiles().get("app/assets/icons.svg")?.toString() ?? "";
  for (const name of lucideIconNames) {
    expect(sprite).toMatch(
      new RegExp(
        `<symbol id="${name}" viewBox="0 0 24 24" fill="none" stroke="currentColor" stroke-width="2" stroke-linecap="round" stroke-linejoin="round"><(path|circle|rect|line|polyline)`,
      ),
    );
  }
  expect(lucideIconNames).toContain("Sparkles");
  for (const name of brandIconNames) {
    expect(sprite).toContain(
      `<symbol id="${name}" viewBox="0 0 24 24"><path fill="currentColor"`,
    );
  }
});
