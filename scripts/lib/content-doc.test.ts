import { readFile } from "node:fs/promises";

import { expect, test } from "vitest";

import { POST_FIELD_NAMES, POST_FIELDS } from "~database/post-lifecycle/fields";
import { sectionRegistry } from "~database/sections";

import {
  CONTENT_DOC,
  contentDoc,
  postFieldsMarkdown,
  sectionTablesMarkdown,
} from "./content-doc";

test("docs/CONTENT.md states the section tables and the post fields exactly as their descriptions do (npm run docs:content rewrites it)", async () => {
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

test("the posts table's part names every described field, its column type and its front-matter key", () => {
  const markdown = postFieldsMarkdown();
  for (const name of POST_FIELD_NAMES) {
    const { column, frontMatter } = POST_FIELDS[name];
    expect(markdown).toContain(`| \`${column.name}\` |`);
    if (frontMatter) expect(markdown).toContain(`| \`${frontMatter}\` |`);
  }
  expect(markdown).toContain("| `search_title` | `text null` |");
  expect(markdown).toContain("| `slug` | `text unique` |");
  expect(markdown).toContain("| 500,000 |");
});

test("a posts table that disagrees with the description is caught", async () => {
  const current = await readFile(CONTENT_DOC, "utf8");
  const drifted = current.replace("| `search_title`", "| `seo_title`");
  expect(drifted).not.toBe(current);
  expect(await contentDoc(drifted)).not.toBe(drifted);
});
