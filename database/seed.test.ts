import { mkdtemp, mkdir, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";

import { asc } from "drizzle-orm";
import { describe, expect, test } from "vitest";

import { createTestDatabase, testDatabaseKinds } from "~tests/support/database";

import * as schema from "./schema";
import { ContentError, importContent, loadContent } from "./seed";

async function contentDir(files: Record<string, string>) {
  const dir = await mkdtemp(path.join(tmpdir(), "content-"));
  await mkdir(path.join(dir, "posts"));
  for (const [name, body] of Object.entries(files)) {
    await writeFile(path.join(dir, name), body);
  }
  return dir;
}

const goodPost = `---
title: A Walk
excerpt: Short.
date: 2025-05-01
category: Hiking & Nature
author: Jordan Avery
meta:
  distance: 3 miles
---

First paragraph.
`;

test("the demo content in content/ is valid", async () => {
  const bundle = await loadContent(path.resolve("content"));
  expect(bundle.posts.length).toBeGreaterThan(0);
  expect(bundle.sections.length).toBeGreaterThan(0);
});

test("a bad record is reported with its file, record, field and reason", async () => {
  const dir = await contentDir({
    "core_values.yaml":
      "- title: Honesty\n  description: Always.\n  icon: Heart\n- title: Grit\n  icon: Zap\n",
    "posts/bad-date.md": goodPost.replace("2025-05-01", "May first"),
  });
  const error = await loadContent(dir).catch((caught: unknown) => caught);
  expect(error).toBeInstanceOf(ContentError);
  const problems = (error as ContentError).problems.join("\n");
  expect(problems).toContain("core_values.yaml record 2: description:");
  expect(problems).toContain("posts/bad-date.md: date:");
});

describe.each(testDatabaseKinds)("import on %s", (kind) => {
  test("upserts posts by slug and sections by title, keeping display order", async () => {
    const database = await createTestDatabase(kind);
    try {
      const dir = await contentDir({
        "core_values.yaml":
          "- title: Honesty\n  description: Always.\n  icon: Heart\n- title: Grit\n  description: Keep going.\n  icon: Zap\n",
        "posts/a-walk.md": goodPost,
      });
      await importContent(database.db, dir);
      await writeFile(
        path.join(dir, "core_values.yaml"),
        "- title: Grit\n  description: Keep going, always.\n  icon: Zap\n- title: Honesty\n  description: Always.\n  icon: Heart\n",
      );
      await importContent(database.db, dir);

      const values = await database.db
        .select()
        .from(schema.coreValues)
        .orderBy(asc(schema.coreValues.displayOrder));
      expect(values.map((value) => [value.title, value.description])).toEqual([
        ["Grit", "Keep going, always."],
        ["Honesty", "Always."],
      ]);
      const posts = await database.db.select().from(schema.posts);
      expect(posts).toHaveLength(1);
      expect(posts[0]).toMatchObject({
        slug: "a-walk",
        date: "2025-05-01",
        meta: { distance: "3 miles" },
      });
      expect(posts[0]?.content).toContain("<p>First paragraph.</p>");
    } finally {
      await database.dispose();
    }
  });

  test("a bad file writes nothing at all", async () => {
    const database = await createTestDatabase(kind);
    try {
      const dir = await contentDir({
        "core_values.yaml":
          "- title: Honesty\n  description: Always.\n  icon: Heart\n",
        "posts/a-walk.md": goodPost,
        "posts/broken.md": goodPost.replace("title: A Walk", "title: ''"),
      });
      await expect(importContent(database.db, dir)).rejects.toThrow(
        ContentError,
      );
      expect(await database.db.select().from(schema.coreValues)).toHaveLength(
        0,
      );
      expect(await database.db.select().from(schema.posts)).toHaveLength(0);
    } finally {
      await database.dispose();
    }
  });
});

test("a post's created_at may be given, and is read as a point in time", async () => {
  const dir = await contentDir({
    "posts/a-walk.md": goodPost.replace(
      "author: Jordan Avery",
      "author: Jordan Avery\ncreated_at: 2025-05-02T18:30:00Z",
    ),
    "posts/b-walk.md": goodPost.replace(
      "author: Jordan Avery",
      "author: Jordan Avery\ncreated_at: yesterday",
    ),
  });
  const error = await loadContent(dir).catch((caught: unknown) => caught);
  expect((error as ContentError).problems).toEqual([
    expect.stringContaining("posts/b-walk.md: created_at:"),
  ]);
  await writeFile(path.join(dir, "posts/b-walk.md"), goodPost);
  const bundle = await loadContent(dir);
  expect(bundle.posts.map((post) => post.createdAt)).toEqual([
    new Date("2025-05-02T18:30:00Z"),
    undefined,
  ]);
});
