// The content archive round trip: the demo content (plus an uploaded image,
// a post written in the studio's editor, and the studio's drafts, scheduled
// post, unpublished changes and trash) exported, then imported into an empty
// database, gives every public page the same rows to show and the studio the
// same list of posts.
import path from "node:path";

import { asc, eq } from "drizzle-orm";
import { describe, expect, test } from "vitest";

import { emptyPostFields } from "~database/post-lifecycle/fields";
import type { Database } from "~database/client";
import { sectionSchemas } from "~database/content-schemas";
import type { SectionTable } from "~database/content-schemas";
import { media, mediaVariants, posts, studioPosts } from "~database/schema";
import { sectionTables } from "~database/section-tables";
import { ContentError, importContent } from "~database/seed";
import { writeTarGz } from "~database/tar";
import type { ArchiveFile } from "~database/tar";
import { createTestDatabase, testDatabaseKinds } from "~tests/support/database";

import {
  exportArchive,
  importArchive,
  readArchive,
} from "./content-archive.server";
import { listStudioPosts } from "./studio-posts.server";
import {
  publishDuePosts,
  schedulePost,
  unpublishPost,
} from "~database/post-lifecycle/publish";
import { createDraft, savePost } from "~database/post-lifecycle/edit";
import type { PostFields } from "~database/post-lifecycle/model";
import { trashPost } from "~database/post-lifecycle/trash";
import { handleSave } from "~/studio/save-post.server";

const publicDir = path.resolve("public");
const hash = "0123456789abcdef0123";
const studio = { actor: "Jordan Avery", now: new Date("2026-11-20T10:00:00Z") };
const publishAt = new Date("2026-12-01T09:00:00.000Z");

function draftFields(
  slug: string,
  extra: Partial<PostFields> = {},
): PostFields {
  return {
    ...emptyPostFields(),
    slug,
    title: `Draft ${slug}`,
    excerpt: "",
    content: `<p>Unfinished ${slug}.</p>`,
    image: null,
    date: "2026-11-20",
    category: "",
    author: "Jordan Avery",
    meta: null,
    ...extra,
  };
}

/** What the owner has in the studio and visitors do not see: a draft, a scheduled post, a published post's unpublished changes, the trash. */
async function fillStudio(db: Database, publishedId: string) {
  const done = <T extends { status: string }>(result: T) => {
    if (result.status !== "done") throw new Error(result.status);
    return result as Extract<T, { status: "done" }>;
  };
  done(
    await createDraft(
      db,
      draftFields("a-draft", {
        content: "<p>Half a thought</p><pre><code>a\n\nb</code></pre>",
      }),
      studio,
    ),
  );
  const scheduled = done(
    await createDraft(
      db,
      draftFields("a-scheduled-post", {
        category: "Travel Log",
        excerpt: "Soon",
        meta: { location: "Porto" },
      }),
      studio,
    ),
  );
  done(
    await schedulePost(
      db,
      {
        id: scheduled.post.id,
        baseVersion: scheduled.post.version,
        at: publishAt,
      },
      studio,
    ),
  );
  const [live] = await db.select().from(posts).where(eq(posts.id, publishedId));
  if (!live) throw new Error("no public post");
  done(
    await savePost(
      db,
      {
        id: publishedId,
        baseVersion: 0,
        fields: {
          ...live,
          slug: "written-in-the-studio-again",
          title: "Written in the studio, revised",
        },
        kind: "save",
      },
      studio,
    ),
  );
  const binned = done(await createDraft(db, draftFields("binned"), studio));
  done(await trashPost(db, { id: binned.post.id }, studio));
}

/** The studio's list of posts, without what a new database gives out afresh (ids, versions, times of change). */
async function studioList(db: Database) {
  return (await listStudioPosts(db))
    .filter((post) => post.state !== "trash")
    .map((post) => without(post, "id", "version", "updatedAt"))
    .sort((a, b) => String(a.slug).localeCompare(String(b.slug)));
}

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
  const [written] = await db
    .insert(posts)
    .values({
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
    })
    .returning();
  if (!written) throw new Error("no post row");
  await fillStudio(db, written.id);
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
        const names = (await readArchive(archive)).map((file) => file.path);
        expect(names).toContain("content/posts/alpine-lakes-loop.md");
        expect(names).toContain("content/core_values.yaml");
        expect(names).toContain(`content/media/${hash}-960x640.jpg`);
        // What visitors do not see yet; the trash stays out.
        const drafts = names.filter((name) => name.includes("/drafts/"));
        expect(drafts).toEqual([
          "content/drafts/a-draft.md",
          "content/drafts/a-scheduled-post.md",
          "content/drafts/written-in-the-studio-again.md",
        ]);
        const text = (files: ArchiveFile[], name: string) =>
          new TextDecoder().decode(
            files.find((file) => file.path === name)?.data,
          );
        const exported = await readArchive(archive);
        expect(text(exported, "content/drafts/a-scheduled-post.md")).toMatch(
          /\nstatus: scheduled\npublish_at: 2026-12-01T09:00:00.000Z\n/,
        );
        expect(
          text(exported, "content/drafts/written-in-the-studio-again.md"),
        ).toMatch(/\nstatus: draft\npublic_slug: written-in-the-studio\n/);

        const report = await importArchive(target.db, archive, publicDir);
        expect(report).toMatchObject({ posts: 17, drafts: 3, media: 1 });
        const before = await publicRows(source.db);
        const after = await publicRows(target.db);
        expect(after.postRows).toEqual(before.postRows);
        expect(after.sections).toEqual(before.sections);
        expect(after.images).toEqual(before.images);
        expect(before.images).toHaveLength(2);

        // The studio lists the same posts in the same states; none of the
        // drafts is public (the public rows above are the same).
        const studioBefore = await studioList(source.db);
        expect(await studioList(target.db)).toEqual(studioBefore);
        expect(
          studioBefore.filter((post) => post.state !== "published"),
        ).toMatchObject([
          { slug: "a-draft", state: "draft", live: false },
          {
            slug: "a-scheduled-post",
            state: "scheduled",
            scheduledAt: publishAt.toISOString(),
          },
        ]);
        expect(
          studioBefore.find(
            (post) => post.slug === "written-in-the-studio-again",
          ),
        ).toMatchObject({
          state: "published",
          liveSlug: "written-in-the-studio",
          unpublishedChanges: true,
        });

        // Exporting the imported site gives the same files again.
        const again = await readArchive(await exportArchive(target.db));
        expect(again.map((file) => file.path)).toEqual(names);
        for (const name of drafts)
          expect(text(again, name)).toEqual(text(exported, name));

        // Importing the archive back into the site it came from changes
        // nothing the studio shows.
        await importArchive(source.db, archive, publicDir);
        expect(await studioList(source.db)).toEqual(studioBefore);

        // The scheduler publishes the imported scheduled post when it is due.
        expect(
          await publishDuePosts(target.db, new Date(publishAt.getTime() - 1)),
        ).toEqual([]);
        expect(await publishDuePosts(target.db, publishAt)).toHaveLength(1);
        const [published] = await target.db
          .select()
          .from(posts)
          .where(eq(posts.slug, "a-scheduled-post"));
        expect(published).toMatchObject({
          title: "Draft a-scheduled-post",
          meta: { location: "Porto" },
        });
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
        const files = (await readArchive(await exportArchive(source.db))).map(
          (file) =>
            file.path === "content/core_values.yaml"
              ? {
                  ...file,
                  data: new TextEncoder().encode(
                    "- title: No description\n  icon: Heart\n",
                  ),
                }
              : file,
        );
        const broken = await writeTarGz(
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

        // The same post twice (once inside content/, once beside it): which
        // one would win is no choice an import makes; it names the file.
        const post = files.find((file) =>
          file.path.startsWith("content/posts/"),
        );
        if (!post) throw new Error("the export has no post");
        const twice = await importArchive(
          target.db,
          await writeTarGz([
            ...files,
            { ...post, path: post.path.slice("content/".length) },
          ]),
          publicDir,
        ).catch((error: unknown) => error);
        expect(twice).toBeInstanceOf(ContentError);
        expect((twice as ContentError).problems).toEqual([
          `The archive holds "${post.path.slice("content/".length)}" twice; an archive names each file once.`,
        ]);
        expect(await target.db.$count(posts)).toBe(0);
      } finally {
        await source.dispose();
        await target.dispose();
      }
    });

    test("restoring an archive over a studio that moved on makes the studio's list the archive's again", async () => {
      const site = await createTestDatabase(kind);
      try {
        await fill(site.db);
        const archive = await exportArchive(site.db);
        const listed = await studioList(site.db);
        const idOf = async (slug: string) => {
          const [row] = await site.db
            .select({ id: posts.id })
            .from(posts)
            .where(eq(posts.slug, slug));
          if (!row) throw new Error(`no post ${slug}`);
          return row.id;
        };
        const alpine = await idOf("alpine-lakes-loop");
        const jazz = await idOf("basement-jazz-quartet");
        const ridge = await idOf("first-light-on-the-ridge");
        // After the export: one post unpublished, one trashed, one edited
        // without publishing, one draft rewritten, one new draft.
        await unpublishPost(site.db, { id: alpine }, studio);
        await trashPost(site.db, { id: jazz }, studio);
        const [ridgeRow] = await site.db
          .select()
          .from(posts)
          .where(eq(posts.id, ridge));
        if (!ridgeRow) throw new Error("no ridge post");
        await savePost(
          site.db,
          {
            id: ridge,
            baseVersion: 0,
            fields: { ...ridgeRow, title: "Not yet" },
            kind: "save",
          },
          studio,
        );
        const draft = (await listStudioPosts(site.db)).find(
          (post) => post.slug === "a-draft",
        );
        if (!draft) throw new Error("no draft");
        await savePost(
          site.db,
          {
            id: draft.id,
            baseVersion: draft.version,
            fields: { ...draft, title: "Rewritten" },
            kind: "save",
          },
          studio,
        );
        await createDraft(site.db, draftFields("after-the-export"), studio);

        await importArchive(site.db, archive, publicDir);
        // Nothing is removed: the new draft stays; everything else is as
        // the archive has it, the unpublished and trashed posts public again
        // under their own ids (their history and redirects stay theirs).
        expect(
          (await studioList(site.db)).filter(
            (post) => post.slug !== "after-the-export",
          ),
        ).toEqual(listed);
        expect(await idOf("alpine-lakes-loop")).toBe(alpine);
        expect(await idOf("basement-jazz-quartet")).toBe(jazz);
        expect(await site.db.$count(posts)).toBe(17);
      } finally {
        await site.dispose();
      }
    });

    test("a bad draft is refused with its file and field, and nothing is written", async () => {
      const source = await createTestDatabase(kind);
      const target = await createTestDatabase(kind);
      try {
        await fill(source.db);
        const files = await readArchive(await exportArchive(source.db));
        const edit = (name: string, change: (text: string) => string) =>
          files.map((file) =>
            file.path === `content/drafts/${name}`
              ? {
                  ...file,
                  data: new TextEncoder().encode(
                    change(new TextDecoder().decode(file.data)),
                  ),
                }
              : file,
          );
        const refusal = async (archive: Uint8Array) => {
          const failure = await importArchive(
            target.db,
            archive,
            publicDir,
          ).catch((error: unknown) => error);
          expect(failure).toBeInstanceOf(ContentError);
          expect(await target.db.$count(posts)).toBe(0);
          expect(await target.db.$count(studioPosts)).toBe(0);
          return (failure as ContentError).problems;
        };

        // Found while reading: a scheduled post without its time.
        expect(
          await refusal(
            await writeTarGz(
              edit("a-scheduled-post.md", (text) =>
                text.replace(/publish_at: .*\n/, ""),
              ),
            ),
          ),
        ).toEqual([
          "drafts/a-scheduled-post.md: publish_at: a scheduled post needs the time to publish it",
        ]);
        // Found while writing (the public post could be in the database):
        // the transaction, public posts included, is rolled back.
        expect(
          await refusal(
            await writeTarGz(
              edit("written-in-the-studio-again.md", (text) =>
                text.replace(
                  /public_slug: .*\n/,
                  "public_slug: no-such-post\n",
                ),
              ),
            ),
          ),
        ).toEqual([
          'drafts/written-in-the-studio-again.md: public_slug: no public post has the address "no-such-post"',
        ]);

        // An archive without drafts/ (made before it existed) imports as before.
        const report = await importArchive(
          target.db,
          await writeTarGz(
            files.filter((file) => !file.path.includes("/drafts/")),
          ),
          publicDir,
        );
        expect(report).toMatchObject({ posts: 17, drafts: 0 });
        expect(await target.db.$count(studioPosts)).toBe(0);
      } finally {
        await source.dispose();
        await target.dispose();
      }
    });

    test("whatever the studio publishes imports back unchanged: optional fields empty, every field at its maximum", async () => {
      const source = await createTestDatabase(kind);
      const target = await createTestDatabase(kind);
      try {
        const owner = {
          db: source.db,
          owner: {
            id: "o",
            email: "o@example.org",
            name: "Jordan",
            role: "owner",
          },
        };
        const publish = async (post: Record<string, unknown>) => {
          const draft = await createDraft(
            source.db,
            draftFields(String(post.slug)),
            studio,
          );
          if (draft.status !== "done") throw new Error(draft.status);
          const response = await handleSave(owner, draft.post.id, {
            intent: "publish",
            baseVersion: draft.post.version,
            post,
          });
          expect(await response.json()).toMatchObject({ status: "saved" });
        };
        // The least the editor lets a post be published with.
        await publish({
          slug: "bare",
          title: "Bare",
          excerpt: "",
          category: "Notes",
          author: "Jordan Avery",
          date: "2026-11-20",
          image: "",
          content: "<p></p>",
          meta: null,
        });
        // Every field at the editor's maximum.
        await publish({
          slug: `m${"-a".repeat(39)}x`.slice(0, 80),
          title: "T".repeat(200),
          excerpt: "E".repeat(500),
          category: "C".repeat(60),
          author: "A".repeat(120),
          date: "2026-11-21",
          image: "https://images.example.org/a.jpg",
          content: `<p>${"word ".repeat(2_000).trim()}</p>`,
          meta: null,
        });
        const report = await importArchive(
          target.db,
          await exportArchive(source.db),
          publicDir,
        );
        expect(report.posts).toBe(2);
        const rows = async (db: Database) =>
          (await db.select().from(posts).orderBy(asc(posts.slug))).map((row) =>
            without(row, "id", "createdAt"),
          );
        expect(await rows(target.db)).toEqual(await rows(source.db));
      } finally {
        await source.dispose();
        await target.dispose();
      }
    });
  },
);
