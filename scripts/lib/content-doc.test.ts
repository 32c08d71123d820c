import { readFile } from "node:fs/promises";

import { expect, test } from "vitest";

import { sectionRegistry } from "~database/sections";

import { CONTENT_DOC, contentDoc, sectionTablesMarkdown } from "./content-doc";

test("docs/CONTENT.md states the section tables exactly as their registry does (npm run docs:content rewrites it)", async () => {
  const current = await readFile(CONTENT_DOC, "utf8");
  expect(current).toBe(await contentDoc(current));
});

test("the documented part changes with the registry: every table and column is in it", () => {
  const markdown = sectionTablesMarkdown();
  for (const [table, entry] of Object.entries(sectionRegistry)) {
    expect(markdown).toContain(`| \`${table}\` |`);
    for (const column of Object.keys(entry.columns)) {
      expect(markdown).toContain(`\`${column} `);
    }
  }
});

test("a doc that disagrees with the registry is caught", async () => {
  const current = await readFile(CONTENT_DOC, "utf8");
  const drifted = current.replace("`quote text`", "`quote text null`");
  expect(drifted).not.toBe(current);
  expect(await contentDoc(drifted)).not.toBe(drifted);
});
