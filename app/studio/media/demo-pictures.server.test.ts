import {
  copyFile,
  mkdir,
  mkdtemp,
  readdir,
  rm,
  writeFile,
} from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";

import { eq } from "drizzle-orm";
import { describe, expect, test } from "vitest";

import { posts } from "~database/schema";
import { importContent } from "~database/seed";
import { createTestDatabase, testDatabaseKinds } from "~tests/support/database";

import { importDemoPictures } from "./demo-pictures.server";
import { deleteMedia, listMedia } from "./media.server";

const publicDir = path.resolve("public");

describe.each(testDatabaseKinds)(
  "the demo content's pictures on %s",
  { timeout: 180_000 },
  (kind) => {
    test("are in the library with alt text and the posts that show them, kept at their public addresses", async () => {
      const database = await createTestDatabase(kind);
      try {
        const { db } = database;
        await importContent(db, path.resolve("content"));
        const shown = await db.select().from(posts);
        const illustrated = shown.filter((post) =>
          post.image?.startsWith("/images/posts/"),
        );
        expect(illustrated.length).toBeGreaterThan(10);

        expect(await importDemoPictures(db, publicDir)).toBe(
          new Set(illustrated.map((post) => post.image)).size,
        );
        // Seeding again imports nothing twice.
        expect(await importDemoPictures(db, publicDir)).toBe(0);

        const library = await listMedia(db);
        expect(library).toHaveLength(illustrated.length);
        const lakes = library.find(
          (item) => item.filename === "alpine-lakes-loop.svg",
        );
        expect(lakes).toMatchObject({
          alt: "Illustration for “Seven Lakes in One Long Day”",
          width: 1200,
          height: 675,
          usedIn: [
            {
              title: "Seven Lakes in One Long Day",
              href: "/post/alpine-lakes-loop",
            },
          ],
        });
        expect(lakes?.url).toMatch(/^\/media\/[0-9a-f]{20}-1200x675\.jpg$/);
        for (const post of illustrated) {
          const item = library.find(
            (each) => each.filename === path.basename(post.image ?? ""),
          );
          expect(item?.alt).toBe(`Illustration for “${post.title}”`);
          expect(item?.usedIn).toContainEqual({
            title: post.title,
            href: `/post/${post.slug}`,
          });
        }
        // The public posts still show the picture at its own address.
        const [lakesPost] = await db
          .select({ image: posts.image })
          .from(posts)
          .where(eq(posts.slug, "alpine-lakes-loop"));
        expect(lakesPost?.image).toBe("/images/posts/alpine-lakes-loop.svg");

        // A picture a post shows is not deleted from under it.
        if (!lakes) throw new Error("the lakes picture is not listed");
        expect(await deleteMedia(db, lakes.id, "Jordan")).toMatchObject({
          status: "in-use",
        });
      } finally {
        await database.close();
      }
    });
  },
);

test(
  "a second new site takes the processed pictures from the machine's cache, and a damaged entry is processed again",
  { timeout: 180_000 },
  async () => {
    const scratch = await mkdtemp(path.join(tmpdir(), "demo-pictures-"));
    const cacheDir = path.join(scratch, "cache");
    // Two of the pictures are enough to tell a kept one from a new one.
    const somePictures = path.join(scratch, "public");
    await mkdir(path.join(somePictures, "images", "posts"), {
      recursive: true,
    });
    for (const name of ["alpine-lakes-loop.svg", "iceland-ring-road.svg"]) {
      await copyFile(
        path.join(publicDir, "images", "posts", name),
        path.join(somePictures, "images", "posts", name),
      );
    }
    const seeded = async () => {
      const database = await createTestDatabase("pglite");
      try {
        await importContent(database.db, path.resolve("content"));
        const count = await importDemoPictures(database.db, somePictures, {
          cacheDir,
        });
        const library = await listMedia(database.db);
        return { count, urls: library.map((item) => item.url).sort() };
      } finally {
        await database.close();
      }
    };
    try {
      const first = await seeded();
      expect(first.count).toBe(2);
      const kept = (await readdir(cacheDir)).filter((file) =>
        file.endsWith(".v8"),
      );
      expect(kept).toHaveLength(first.count);

      // What is kept is what a new site stores: one entry swapped for
      // another's and the library changes with it.
      const [one = "", other = ""] = kept;
      await copyFile(path.join(cacheDir, other), path.join(cacheDir, one));
      expect((await seeded()).urls).not.toEqual(first.urls);

      // A damaged entry is processed again, and the same as at first.
      await writeFile(path.join(cacheDir, one), "not a picture");
      expect(await seeded()).toEqual(first);
    } finally {
      await rm(scratch, { recursive: true, force: true });
    }
  },
);
