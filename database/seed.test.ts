import { mkdtemp, mkdir, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";

import { asc } from "drizzle-orm";
import { describe, expect, test } from "vitest";

import { createTestDatabase, testDatabaseKinds } from "~tests/support/database";

import { fieldsOf } from "./post-lifecycle/model";
import { publishPost } from "./post-lifecycle/publish";
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

test("front matter written as code is refused, never run", async () => {
  const dir = await contentDir({
    "posts/code.md": goodPost.replace(
      /^---\n/,
      "---js\n({ title: (globalThis.__frontMatterRan = 1, 'x') })\n// ",
    ),
    "posts/coffee.md": goodPost.replace(/^---\n/, "---coffee\n"),
  });
  const error = await loadContent(dir).catch((caught: unknown) => caught);
  expect(error).toBeInstanceOf(ContentError);
  expect((error as ContentError).problems).toEqual([
    "posts/code.md: front matter: '---js' front matter is not accepted (it would run as code); write it in YAML.",
    "posts/coffee.md: front matter: '---coffee' front matter is not accepted (it would run as code); write it in YAML.",
  ]);
  expect(
    (globalThis as { __frontMatterRan?: number }).__frontMatterRan,
  ).toBeUndefined();
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

test("every post is held to the editor's own limits: a body, a title or details too long are refused", async () => {
  const dir = await contentDir({
    "posts/a-big.md": `${goodPost}${"word ".repeat(110_000)}`,
    // Markdown that grows past the limit as HTML ("* x" is "<li>x</li>").
    "posts/b-grows.md": `${goodPost}${"* x\n".repeat(120_000)}`,
    "posts/c-title.md": goodPost.replace("A Walk", "A".repeat(201)),
    "posts/d-meta.md": goodPost.replace(
      "distance: 3 miles",
      `distance: ${"m".repeat(20_001)}`,
    ),
    "posts/e-fine.md": `${goodPost}${"word ".repeat(99_000)}`,
  });
  await mkdir(path.join(dir, "drafts"));
  await writeFile(
    path.join(dir, "drafts/f-draft.md"),
    `${goodPost.replace("---\n\n", "status: draft\n---\n\n")}${"word ".repeat(110_000)}`,
  );
  const error = await loadContent(dir).catch((caught: unknown) => caught);
  expect(error).toBeInstanceOf(ContentError);
  const problems = (error as ContentError).problems;
  const longer =
    "content: the body is longer than the editor saves (500,000 characters)";
  expect(problems).toContain(`posts/a-big.md: ${longer}`);
  expect(problems).toContain(`posts/b-grows.md: ${longer}`);
  expect(problems).toContain(`drafts/f-draft.md: ${longer}`);
  expect(problems.join("\n")).toContain("posts/c-title.md: title:");
  expect(problems.join("\n")).toContain("posts/d-meta.md: meta:");
  expect(problems.join("\n")).not.toContain("e-fine");
});

test("a post's local image must be a file in public/, so no page links a missing one", async () => {
  const dir = await contentDir({
    "posts/missing.md": goodPost.replace(
      "date:",
      "image: /images/posts/missing.webp\ndate:",
    ),
    "posts/present.md": goodPost.replace(
      "date:",
      "image: /images/posts/present.svg\ndate:",
    ),
    "posts/remote.md": goodPost.replace(
      "date:",
      "image: https://images.example/walk.jpg\ndate:",
    ),
    "posts/outside.md": goodPost.replace(
      "date:",
      "image: /../content-secret.svg\ndate:",
    ),
  });
  const publicDir = await mkdtemp(path.join(tmpdir(), "public-"));
  await mkdir(path.join(publicDir, "images/posts"), { recursive: true });
  await writeFile(path.join(publicDir, "images/posts/present.svg"), "<svg/>");

  const error = await loadContent(dir, publicDir).catch(
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(ContentError);
  expect((error as ContentError).problems).toEqual([
    'posts/missing.md: image: "/images/posts/missing.webp" is not a file in public/ (a local image must be there to be served)',
    'posts/outside.md: image: "/../content-secret.svg" is not a file in public/ (a local image must be there to be served)',
  ]);
});

test("a post's search and sharing fields are read from its front matter and checked as the studio checks them", async () => {
  const withSearch = (lines: string) =>
    goodPost.replace("date:", `${lines}\ndate:`);
  const dir = await contentDir({
    "posts/given.md": withSearch(
      [
        "search_title: 'Sunrise hikes: why start at five'",
        "search_description: The trail at dawn.",
        "social_image: https://images.example/card.jpg",
        "canonical_url: https://elsewhere.example.com/a-walk",
      ].join("\n"),
    ),
    "posts/plain.md": goodPost,
  });
  const { posts } = await loadContent(dir);
  expect(posts.find((post) => post.slug === "given")).toMatchObject({
    searchTitle: "Sunrise hikes: why start at five",
    searchDescription: "The trail at dawn.",
    socialImage: "https://images.example/card.jpg",
    canonicalUrl: "https://elsewhere.example.com/a-walk",
  });
  expect(posts.find((post) => post.slug === "plain")).toMatchObject({
    searchTitle: null,
    searchDescription: null,
    socialImage: null,
    canonicalUrl: null,
  });

  const bad = await contentDir({
    "posts/insecure.md": withSearch("canonical_url: http://example.com/a"),
    "posts/long.md": withSearch(`search_title: ${"t".repeat(201)}`),
    "posts/missing.md": withSearch("social_image: /images/missing.png"),
  });
  const error = await loadContent(bad).catch((caught: unknown) => caught);
  expect(error).toBeInstanceOf(ContentError);
  const problems = (error as ContentError).problems.join("\n");
  expect(problems).toContain(
    "posts/insecure.md: canonical_url: Give the full secure address of the original (https://…), or leave it empty.",
  );
  expect(problems).toContain("posts/long.md: search_title:");
  expect(problems).toContain(
    'posts/missing.md: social_image: "/images/missing.png" is not a file in public/',
  );
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

  test("an address the import publishes is its post's, no longer a redirect to the post that left it", async () => {
    const database = await createTestDatabase(kind);
    try {
      const dir = await contentDir({ "posts/a-walk.md": goodPost });
      await importContent(database.db, dir);
      const [first] = await database.db.select().from(schema.posts);
      if (!first) throw new Error("no post");
      const moved = await publishPost(
        database.db,
        {
          id: first.id,
          baseVersion: 0,
          fields: { ...fieldsOf(first), slug: "a-long-walk" },
        },
        { actor: "Jordan" },
      );
      expect(moved.status).toBe("done");
      const redirects = () =>
        database.db
          .select({ oldSlug: schema.postSlugRedirects.oldSlug })
          .from(schema.postSlugRedirects);
      expect(await redirects()).toEqual([{ oldSlug: "a-walk" }]);

      await importContent(database.db, dir);
      expect(
        (await database.db.select().from(schema.posts))
          .map((post) => post.slug)
          .sort(),
      ).toEqual(["a-long-walk", "a-walk"]);
      expect(await redirects()).toEqual([]);
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
