// The content archive round trip: the demo content (plus an uploaded image
// and a post written in the studio's editor) exported, then imported into an
// empty database, gives every public page the same rows to show.
import path from "node:path";

import { asc, eq } from "drizzle-orm";
import { describe, expect, test } from "vitest";

import type { Database } from "~database/client";
import { sectionSchemas } from "~database/content-schemas";
import type { SectionTable } from "~database/content-schemas";
import { media, mediaVariants, posts } from "~database/schema";
import { sectionTables } from "~database/section-tables";
import { ContentError, importContent } from "~database/seed";
import { readTarGz, writeTarGz } from "~database/tar";
import { createTestDatabase, testDatabaseKinds } from "~tests/support/database";

import { exportArchive, importArchive } from "./content-archive.server";

const publicDir = path.resolve("public");
const hash = "0123456789abcdef0123";

async function fill(db: Database) {
  await importContent(db, path.resolve("content"));
  const [image] = await db
    .insert(media)
    .values({
      hash,
      filename: "lake.jpg",
      width: 960,
      height: 640,
      originalBytes: 123_456,
      alt: "A lake at dawn",
    })
    .returning();
  if (!image) throw new Error("no media row");
  const bytes = (seed: number) =>
    new Uint8Array(Array.from({ length: 700 }, (_, i) => (i * seed) % 256));
  await db.insert(mediaVariants).values([
    {
      mediaId: image.id,
      width: 480,
      height: 320,
      format: "webp",
      bytes: bytes(3),
    },
    {
      mediaId: image.id,
      width: 960,
      height: 640,
      format: "jpeg",
      bytes: bytes(7),
    },
  ]);
  // As the studio's editor writes a post: HTML on one line, an uploaded image.
  await db.insert(posts).values({
    slug: "written-in-the-studio",
    title: "Written in the studio: “quotes” & ünïcode",
    excerpt: "A post with: a colon, and # a hash",
    content: `<p>First <strong>bold</strong> line.</p><p><img src="/media/${hash}-960x640.jpg" alt="A lake"></p><ul><li><p>One</p></li></ul><pre><code>line one\n\nline three</code></pre>`,
    image: `/media/${hash}-960x640.jpg`,
    date: "2026-11-01",
    category: "Travel",
    author: "Jordan Avery",
    meta: { location: "Lisbon, Portugal", rating: 5 },
    createdAt: new Date("2026-11-01T08:30:00.123Z"),
  });
}

function without<T extends object>(row: T, ...keys: string[]) {
  return Object.fromEntries(
    Object.entries(row).filter(([key]) => !keys.includes(key)),
  );
}

/** What the public pages are built from, without the ids a new database gives out. */
async function publicRows(db: Database) {
  const postRows = (await db.select().from(posts).orderBy(asc(posts.slug))).map(
    (row) => without(row, "id"),
  );
  const sections: Record<string, unknown[]> = {};
  for (const table of Object.keys(sectionSchemas) as SectionTable[]) {
    const target = sectionTables[table];
    sections[table] = (
      (await db
        .select()
        .from(target)
        .orderBy(asc(target.displayOrder))) as Array<Record<string, unknown>>
    ).map((row) => without(row, "id", "createdAt"));
  }
  const images = (
    await db
      .select({ media, variant: mediaVariants })
      .from(media)
      .innerJoin(mediaVariants, eq(mediaVariants.mediaId, media.id))
      .orderBy(asc(media.hash), asc(mediaVariants.width))
  ).map(({ media: image, variant }) => ({
    ...without(image, "id"),
    variant: [
      variant.width,
      variant.height,
      variant.format,
      Buffer.from(variant.bytes).toString("hex"),
    ],
  }));
  return { postRows, sections, images };
}

describe.each(testDatabaseKinds)(
  "the content archive on %s",
  { timeout: 120_000 },
  (kind) => {
    test("seed → export → import into an empty database: every public row is the same", async () => {
      const source = await createTestDatabase(kind);
      const target = await createTestDatabase(kind);
      try {
        await fill(source.db);
        const archive = await exportArchive(source.db);
        const names = readTarGz(archive).map((file) => file.path);
        expect(names).toContain("content/posts/alpine-lakes-loop.md");
        expect(names).toContain("content/core_values.yaml");
        expect(names).toContain(`content/media/${hash}-960x640.jpg`);

        const report = await importArchive(target.db, archive, publicDir);
        expect(report).toMatchObject({ posts: 17, media: 1 });
        const before = await publicRows(source.db);
        const after = await publicRows(target.db);
        expect(after.postRows).toEqual(before.postRows);
        expect(after.sections).toEqual(before.sections);
        expect(after.images).toEqual(before.images);
        expect(before.images).toHaveLength(2);

        // Exporting the imported site gives the same files again.
        const again = readTarGz(await exportArchive(target.db));
        expect(again.map((file) => file.path)).toEqual(names);
      } finally {
        await source.dispose();
        await target.dispose();
      }
    });

    test("an archive with a bad record writes nothing, and says where the problem is", async () => {
      const source = await createTestDatabase(kind);
      const target = await createTestDatabase(kind);
      try {
        await fill(source.db);
        const files = readTarGz(await exportArchive(source.db)).map((file) =>
          file.path === "content/core_values.yaml"
            ? {
                ...file,
                data: new TextEncoder().encode(
                  "- title: No description\n  icon: Heart\n",
                ),
              }
            : file,
        );
        const broken = writeTarGz(
          files.filter((file) => !file.path.endsWith("-480x320.webp")),
        );
        const failure = await importArchive(target.db, broken, publicDir).catch(
          (error: unknown) => error,
        );
        expect(failure).toBeInstanceOf(ContentError);
        const { problems } = failure as ContentError;
        expect(problems).toContainEqual(
          expect.stringContaining("core_values.yaml record 1: description"),
        );
        expect(problems).toContainEqual(
          expect.stringContaining(
            `media/${hash}-480x320.webp is not in the archive`,
          ),
        );
        expect(await target.db.$count(posts)).toBe(0);
        expect(await target.db.$count(media)).toBe(0);

        await expect(
          importArchive(
            target.db,
            new TextEncoder().encode("hello"),
            publicDir,
          ),
        ).rejects.toBeInstanceOf(ContentError);
      } finally {
        await source.dispose();
        await target.dispose();
      }
    });
  },
);
