// The upgrade to one trash (drizzle/0018_one_trash.sql, docs/decisions/045):
// a database at 0017 holding posts, messages and section rows in every state
// reaches 0018 with each where it was, and what was in the three trashes
// restores and purges as it would have.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

import { eq, sql } from "drizzle-orm";
import { afterAll, describe, expect, test } from "vitest";

import { changeMessage, listMessages } from "~/data/inbox.server";
import { readPostBySlug } from "~/data/posts.server";
import {
  listTrashedSectionRows,
  restoreSectionRow,
} from "~database/section-trash";
import { listSectionRows } from "~/data/studio-sections.server";
import { listStudioPosts } from "~/data/studio-posts.server";
import { listActivity } from "~database/activity";
import { restorePost } from "~database/post-lifecycle/trash";
import {
  coreValues,
  mailOutbox,
  messages,
  posts,
  studioPosts,
} from "~database/schema";
import { purgeTrash } from "~database/trash-purge";
import { testDatabaseKinds } from "~tests/support/database";
import {
  firstMigrations,
  journal,
  unmigratedDatabase,
} from "~tests/support/migrations";

const scratch = mkdtempSync(path.join(tmpdir(), "trash-upgrade-test-"));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

const before0018 = journal.entries.findIndex(
  (entry) => entry.tag === "0018_one_trash",
);

const owner = { actor: "Jordan Avery" };
const now = new Date("2026-11-20T12:00:00.000Z");
/** In the trash long enough to be purged at `now`, and recently enough not to be. */
const longAgo = "2026-09-01T08:00:00.000Z";
const lately = "2026-11-18T08:00:00.000Z";
const created = "2026-03-04T05:06:07.000Z";

const id = (n: number) =>
  `00000000-0000-4000-8000-${String(n).padStart(12, "0")}`;
const ids = {
  livePost: id(1),
  trashedPublished: id(2),
  trashedDraft: id(3),
  oldPublished: id(4),
  oldDraft: id(5),
  inbox: id(11),
  archived: id(12),
  trashedMessage: id(13),
  oldMessage: id(14),
  liveRow: id(21),
  trashedRow: id(22),
  oldRow: id(23),
};

/** A post's public row as 0017's studio kept it in trashed_post. */
function publicRow(postId: string, slug: string) {
  return {
    id: postId,
    slug,
    title: `Title of ${slug}`,
    excerpt: `Excerpt of ${slug}`,
    content: `<p>Body of ${slug}</p>`,
    image: null,
    date: "2026-03-04",
    category: "Travel Log",
    author: "Jordan Avery",
    meta: { note: slug },
    searchTitle: `Search ${slug}`,
    searchDescription: null,
    socialImage: null,
    canonicalUrl: null,
    createdAt: created,
  };
}

/** A section row as 0017's studio kept it in studio_trashed_rows. */
function coreValueRow(rowId: string, title: string, displayOrder: number) {
  return {
    id: rowId,
    title,
    description: `What ${title} means`,
    icon: "Target",
    displayOrder,
    createdAt: created,
  };
}

/** Writes every state 0017 knew, in 0017's own columns. */
async function writeRowsAt0017(
  execute: (query: ReturnType<typeof sql>) => Promise<unknown>,
) {
  const studioPost = (
    postId: string,
    slug: string,
    deletedAt: string | null,
    trashed: object | null,
    publishedVersion: number | null,
  ) => sql`
    insert into studio_posts (post_id, slug, title, excerpt, content, date,
      category, author, version, published_version, deleted_at, trashed_post,
      created_at, updated_at)
    values (${postId}, ${slug}, ${`Title of ${slug}`}, '', '<p>Draft</p>',
      '2026-03-04', 'Travel Log', 'Jordan Avery', 2, ${publishedVersion},
      ${deletedAt}, ${trashed === null ? null : JSON.stringify(trashed)}::jsonb,
      ${created}, ${created})`;
  const live = publicRow(ids.livePost, "still-live");
  await execute(sql`
    insert into posts (id, slug, title, excerpt, content, date, category,
      author, meta, search_title, created_at)
    values (${live.id}, ${live.slug}, ${live.title}, ${live.excerpt},
      ${live.content}, ${live.date}, ${live.category}, ${live.author},
      ${JSON.stringify(live.meta)}::jsonb, ${live.searchTitle}, ${created})`);
  await execute(studioPost(ids.livePost, "still-live", null, null, 2));
  await execute(
    studioPost(
      ids.trashedPublished,
      "trashed-published",
      lately,
      publicRow(ids.trashedPublished, "trashed-published"),
      2,
    ),
  );
  await execute(
    studioPost(ids.trashedDraft, "trashed-draft", lately, null, null),
  );
  await execute(
    studioPost(
      ids.oldPublished,
      "old-published",
      longAgo,
      publicRow(ids.oldPublished, "old-published"),
      2,
    ),
  );
  await execute(studioPost(ids.oldDraft, "old-draft", longAgo, null, null));
  await execute(sql`
    insert into post_slug_redirects (old_slug, post_id)
    values ('older-address', ${ids.oldPublished})`);

  const message = (
    messageId: string,
    name: string,
    archivedAt: string | null,
    deletedAt: string | null,
  ) => sql`
    insert into messages (id, name, email, message, created_at, read_at,
      archived_at, deleted_at)
    values (${messageId}, ${name}, 'reader@example.org', ${`Hello from ${name}`},
      ${created}, ${created}, ${archivedAt}, ${deletedAt})`;
  await execute(message(ids.inbox, "Inbox Reader", null, null));
  await execute(message(ids.archived, "Archived Reader", created, null));
  await execute(message(ids.trashedMessage, "Trashed Reader", created, lately));
  await execute(message(ids.oldMessage, "Old Reader", null, longAgo));
  await execute(sql`
    insert into mail_outbox (message_id, recipient, subject, body)
    values (${ids.oldMessage}, 'owner@example.org', 'New message', 'Hello')`);

  await execute(sql`
    insert into core_values (id, title, description, icon, display_order, created_at)
    values (${ids.liveRow}, 'Still here', 'Kept', 'Heart', 1, ${created})`);
  const trashedRow = (row: ReturnType<typeof coreValueRow>, at: string) => sql`
    insert into studio_trashed_rows (row_id, table_name, row, deleted_at)
    values (${row.id}, 'core_values', ${JSON.stringify(row)}::jsonb, ${at})`;
  await execute(
    trashedRow(coreValueRow(ids.trashedRow, "Came back", 2), lately),
  );
  await execute(trashedRow(coreValueRow(ids.oldRow, "Forgotten", 3), longAgo));
}

describe.each(testDatabaseKinds)(
  "the upgrade to one trash on %s",
  { timeout: 180_000 },
  (kind) => {
    test("every post, message and section row is where it was, and restores and purges", async () => {
      expect(before0018).toBeGreaterThan(0);
      const { open, dispose } = await unmigratedDatabase(kind, scratch);
      try {
        const old = await open(firstMigrations(scratch, before0018));
        try {
          await old.migrate();
          await writeRowsAt0017((query) => old.db.execute(query));
        } finally {
          await old.close();
        }

        const site = await open();
        try {
          await site.migrate();
          const { db } = site;

          // Where everything was.
          const states = Object.fromEntries(
            (await listStudioPosts(db)).map((post) => [post.slug, post]),
          );
          expect(states["still-live"]).toMatchObject({
            state: "published",
            deletedAt: null,
          });
          for (const [slug, deletedAt] of [
            ["trashed-published", lately],
            ["trashed-draft", lately],
            ["old-published", longAgo],
            ["old-draft", longAgo],
          ] as const)
            expect(states[slug], slug).toMatchObject({
              state: "trash",
              deletedAt,
            });
          const folder = async (name: "inbox" | "archived" | "trash") =>
            (await listMessages(db, name)).map((m) => [m.id, m.deletedAt]);
          expect(await folder("inbox")).toEqual([[ids.inbox, null]]);
          expect(await folder("archived")).toEqual([[ids.archived, null]]);
          expect((await folder("trash")).sort()).toEqual(
            [
              [ids.trashedMessage, lately],
              [ids.oldMessage, longAgo],
            ].sort(),
          );
          expect(await listSectionRows(db, "core_values")).toEqual([
            expect.objectContaining({ id: ids.liveRow, version: 1 }),
          ]);
          expect(await listTrashedSectionRows(db, "core_values")).toEqual([
            { id: ids.trashedRow, title: "Came back", deletedAt: lately },
            { id: ids.oldRow, title: "Forgotten", deletedAt: longAgo },
          ]);
          const columns = await db.execute(sql`
            select table_name, column_name from information_schema.columns
            where table_schema = 'public'
              and column_name in ('deleted_at', 'trashed_post')
              and table_name in ('studio_posts', 'messages')`);
          expect((columns as { rows: unknown[] }).rows).toEqual([]);

          // The purge forgets what has been in the trash 30 days, with what
          // each kept elsewhere.
          const purged = await purgeTrash(db, now);
          expect(purged.map((item) => item.itemId).sort()).toEqual(
            [ids.oldPublished, ids.oldDraft, ids.oldMessage, ids.oldRow].sort(),
          );
          expect(
            await db.$count(
              studioPosts,
              sql`${studioPosts.postId} in (${ids.oldPublished}, ${ids.oldDraft})`,
            ),
          ).toBe(0);
          expect(
            await db.$count(messages, eq(messages.id, ids.oldMessage)),
          ).toBe(0);
          expect(await db.$count(mailOutbox)).toBe(0);
          expect(await readPostBySlug(db, "old-published")).toBeNull();
          expect(
            (await listActivity(db)).filter(
              (entry) => entry.action === "purge",
            ),
          ).toHaveLength(4);

          // What is left restores exactly as it went in.
          expect(
            (await restorePost(db, { id: ids.trashedPublished }, owner)).status,
          ).toBe("done");
          const [back] = await db
            .select()
            .from(posts)
            .where(eq(posts.id, ids.trashedPublished));
          const expected = publicRow(ids.trashedPublished, "trashed-published");
          expect(back).toEqual({
            ...expected,
            createdAt: new Date(expected.createdAt),
          });
          const draft = await restorePost(db, { id: ids.trashedDraft }, owner);
          expect(draft.status === "done" && draft.post.state).toBe("draft");
          expect(
            (await changeMessage(db, ids.trashedMessage, "restore", owner))
              ?.folder,
          ).toBe("archived");
          expect(
            (
              await restoreSectionRow(
                db,
                "core_values",
                { id: ids.trashedRow },
                owner,
              )
            ).status,
          ).toBe("done");
          const [row] = await db
            .select()
            .from(coreValues)
            .where(eq(coreValues.id, ids.trashedRow));
          expect(row).toMatchObject({
            title: "Came back",
            createdAt: new Date(created),
            version: 1,
          });
          expect(await purgeTrash(db, now)).toEqual([]);
        } finally {
          await site.close();
        }
      } finally {
        await dispose();
      }
    });
  },
);
