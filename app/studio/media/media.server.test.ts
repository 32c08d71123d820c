import { eq, inArray } from "drizzle-orm";
import { describe, expect, test } from "vitest";

import { emptyPostFields } from "~database/post-lifecycle/fields";
import { media, mediaVariants, posts } from "~database/schema";
import { listActivity } from "~database/activity";
import { createDraft, savePost } from "~database/post-lifecycle/edit";
import { trashPost } from "~database/post-lifecycle/trash";
import { createTestDatabase, testDatabaseKinds } from "~tests/support/database";
import { smallPng } from "~tests/support/photos";

import {
  deleteMedia,
  listMedia,
  saveMedia,
  updateMediaAlt,
} from "./media.server";
import { processUpload } from "./process.server";

const png = await smallPng();
const processed = await processUpload(png);
const details = {
  filename: "badge.png",
  alt: "",
  originalBytes: png.length,
  actor: "Jordan",
};
const post = {
  excerpt: "Short.",
  date: "2025-01-01",
  category: "Notes",
  author: "Jordan",
};

describe.each(testDatabaseKinds)(
  "the media library on %s",
  { timeout: 60_000 },
  (kind) => {
    test("lists each upload with the posts that show it, and refuses to delete one in use", async () => {
      const database = await createTestDatabase(kind);
      try {
        const { db } = database;
        const stored = await saveMedia(db, processed, details);
        expect(stored).toMatchObject({
          created: true,
          width: 300,
          height: 200,
        });
        expect(stored.url).toBe(`/media/${processed.hash}-300x200.jpg`);
        // The same file again is the same image, stored once.
        expect(await saveMedia(db, processed, details)).toMatchObject({
          id: stored.id,
          created: false,
        });

        await db.insert(posts).values([
          {
            ...post,
            slug: "in-body",
            title: "In the body",
            content: `<p><img src="/media/${processed.hash}-300x200.jpg" alt="Badge"></p>`,
          },
          {
            ...post,
            slug: "as-image",
            title: "As the image",
            content: "<p>Hi</p>",
            image: stored.url,
          },
          {
            ...post,
            slug: "as-social-image",
            title: "As the social image",
            content: "<p>Shared</p>",
            socialImage: stored.url,
          },
          {
            ...post,
            slug: "unrelated",
            title: "Unrelated",
            content: "<p>No images</p>",
          },
        ]);

        const [item] = await listMedia(db);
        expect(item).toMatchObject({
          filename: "badge.png",
          thumbnailUrl: `/media/${processed.hash}-300x200.webp`,
          usedIn: [
            { title: "As the image", href: "/post/as-image" },
            { title: "As the social image", href: "/post/as-social-image" },
            { title: "In the body", href: "/post/in-body" },
          ],
        });
        expect(item?.storedBytes).toBeGreaterThan(0);

        expect(await deleteMedia(db, stored.id, "Jordan")).toMatchObject({
          status: "in-use",
          usedIn: [
            { title: "As the image" },
            { title: "As the social image" },
            { title: "In the body" },
          ],
        });
        expect(await db.select().from(mediaVariants)).toHaveLength(3);

        await db
          .delete(posts)
          .where(inArray(posts.slug, ["in-body", "as-social-image"]));
        await db
          .update(posts)
          .set({ image: null })
          .where(eq(posts.slug, "as-image"));
        expect(await deleteMedia(db, stored.id, "Jordan")).toEqual({
          status: "deleted",
          filename: "badge.png",
        });
        expect(await db.select().from(media)).toEqual([]);
        expect(await db.select().from(mediaVariants)).toEqual([]);
        expect(await deleteMedia(db, stored.id, "Jordan")).toEqual({
          status: "missing",
        });
        // The upload (once, though sent twice) and the delete are in the activity log.
        expect(
          (await listActivity(db)).map(({ action, subjectType, summary }) => ({
            action,
            subjectType,
            summary,
          })),
        ).toEqual([
          { action: "delete", subjectType: "media", summary: "badge.png" },
          { action: "upload", subjectType: "media", summary: "badge.png" },
        ]);
      } finally {
        await database.dispose();
      }
    });

    test("drafts, unpublished changes and the trash count as uses too", async () => {
      const database = await createTestDatabase(kind);
      try {
        const { db } = database;
        const stored = await saveMedia(db, processed, details);
        const context = { actor: "Jordan" };
        const fields = {
          ...emptyPostFields(),
          ...post,
          content: `<p><img src="${stored.url}" alt="Badge"></p>`,
          image: null,
          meta: null,
        };
        const draft = await createDraft(
          db,
          { ...fields, slug: "draft", title: "A draft" },
          context,
        );
        const trashed = await createDraft(
          db,
          {
            ...fields,
            slug: "binned",
            title: "Binned",
            content: "<p>x</p>",
            image: stored.url,
          },
          context,
        );
        if (draft.status !== "done" || trashed.status !== "done")
          throw new Error("drafts not created");
        await trashPost(db, { id: trashed.post.id }, context);
        // A public post that shows the image only in its saved, unpublished working copy.
        const [live] = await db
          .insert(posts)
          .values({
            ...post,
            slug: "live",
            title: "Live",
            content: "<p>Plain</p>",
          })
          .returning();
        if (!live) throw new Error("no public post");
        await savePost(
          db,
          {
            id: live.id,
            baseVersion: 0,
            fields: { ...fields, slug: "live", title: "Live" },
            kind: "save",
          },
          context,
        );

        const [item] = await listMedia(db);
        expect(item?.usedIn).toEqual([
          {
            title: "A draft",
            href: `/studio/posts/${draft.post.id}`,
            note: "draft",
          },
          {
            title: "Binned",
            href: `/studio/posts/${trashed.post.id}`,
            note: "in the trash",
          },
          {
            title: "Live",
            href: `/studio/posts/${live.id}`,
            note: "unpublished changes",
          },
        ]);
        expect(await deleteMedia(db, stored.id, "Jordan")).toMatchObject({
          status: "in-use",
        });
        expect(await db.select().from(mediaVariants)).toHaveLength(3);
      } finally {
        await database.dispose();
      }
    });

    test("the alt text offered with an image can be changed", async () => {
      const database = await createTestDatabase(kind);
      try {
        const stored = await saveMedia(database.db, processed, details);
        expect(
          await updateMediaAlt(database.db, stored.id, "A red badge"),
        ).toBe(true);
        expect((await listMedia(database.db))[0]?.alt).toBe("A red badge");
      } finally {
        await database.dispose();
      }
    });
  },
);
