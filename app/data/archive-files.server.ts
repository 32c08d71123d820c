// The content archive's posts, drafts and section tables as files laid out
// like content/ (docs/decisions/023-content-archive.md): Markdown with front
// matter, one YAML file per table.
import { asc, eq, not } from "drizzle-orm";
import { marked } from "marked";
import { stringify } from "yaml";
import type { z } from "zod";

import type { Database } from "~database/client";
import { sectionSchemas } from "~database/content-schemas";
import type {
  draftFrontMatterSchema,
  postFrontMatterSchema,
} from "~database/content-schemas";
import type { SectionTable } from "~database/content-schemas";
import {
  FRONT_MATTER_FIELDS,
  POST_FIELDS,
} from "~database/post-lifecycle/fields";
import type { PostFields } from "~database/post-lifecycle/fields";
import { posts, studioPosts } from "~database/schema";
import { inDisplayOrder } from "~database/section-rows";
import { camelCase, sectionTables } from "~database/section-tables";
import { inTrash } from "~database/trash";
import type { ArchiveFile } from "~database/tar";

// Shared with the media index (archive-media.server.ts): every YAML file of
// an archive is written the same way.
export const encoder = new TextEncoder();
export const yaml = (value: unknown) => stringify(value, { lineWidth: 0 });

type PostFieldValues = Omit<PostFields, "slug"> & { createdAt: Date };

/** A post's front matter fields as posts/<slug>.md and drafts/<slug>.md share them. */
function postFrontMatter(
  post: PostFieldValues,
): z.input<typeof postFrontMatterSchema> {
  const front: Record<string, unknown> = {};
  for (const name of FRONT_MATTER_FIELDS) {
    const value = post[name];
    // An optional field without a value is left out; details only as a map.
    if (name === "meta" && (value === null || typeof value !== "object"))
      continue;
    if (POST_FIELDS[name].optional && !value) continue;
    front[POST_FIELDS[name].frontMatter] = value;
  }
  return {
    ...(front as z.input<typeof postFrontMatterSchema>),
    created_at: post.createdAt.toISOString(),
  };
}

/** Front matter, then the body: the post's HTML. */
function markdownFile(
  file: string,
  front: Record<string, unknown>,
  content: string,
): ArchiveFile {
  // The body is the post's HTML, which Markdown mostly keeps as it is; when
  // it would not (a blank line inside a code block), the front matter says
  // the body is HTML, so the import gives back exactly this.
  const markdownSafe = marked.parse(content, { async: false }) === content;
  const text = `---\n${yaml(markdownSafe ? front : { ...front, format: "html" })}---\n${content}`;
  return { path: file, data: encoder.encode(text) };
}

/** A public post as content/posts/<slug>.md: YAML front matter, then its body. */ export function postFile(
  post: typeof posts.$inferSelect,
): ArchiveFile {
  return markdownFile(
    `posts/${post.slug}.md`,
    postFrontMatter(post),
    post.content,
  );
}

/**
 * What visitors do not see, as content/drafts/<slug>.md: each draft, each
 * scheduled post, and each public post's saved but unpublished changes (with
 * `public_slug` naming the public post). The trash stays out: the archive is
 * what the owner means to keep.
 */ export async function draftFiles(db: Database): Promise<ArchiveFile[]> {
  const rows = await db
    .select({ row: studioPosts, liveSlug: posts.slug })
    .from(studioPosts)
    .leftJoin(posts, eq(posts.id, studioPosts.postId))
    .where(not(inTrash("post", studioPosts.postId)))
    .orderBy(asc(studioPosts.slug));
  return rows
    .filter(
      ({ row, liveSlug }) =>
        liveSlug === null ||
        row.publishedVersion !== row.version ||
        row.scheduledAt !== null,
    )
    .map(({ row, liveSlug }) => {
      const front = {
        ...postFrontMatter(row),
        status: row.scheduledAt ? "scheduled" : "draft",
        ...(row.scheduledAt
          ? { publish_at: row.scheduledAt.toISOString() }
          : {}),
        ...(liveSlug === null ? {} : { public_slug: liveSlug }),
      } satisfies z.input<typeof draftFrontMatterSchema>;
      return markdownFile(`drafts/${row.slug}.md`, front, row.content);
    });
}

/** One section table as content/<table>.yaml, in display order, fields as content/ writes them. */ export async function sectionFile(
  db: Database,
  table: SectionTable,
): Promise<ArchiveFile> {
  const target = sectionTables[table];
  const rows = (await db
    .select()
    .from(target)
    .orderBy(...inDisplayOrder(target))) as Array<Record<string, unknown>>;
  const keys = Object.keys(sectionSchemas[table].shape);
  const records = rows.map((row) => {
    const record: Record<string, unknown> = {};
    for (const key of keys) {
      const value = row[camelCase(key)];
      if (value !== null && value !== undefined) record[key] = value;
    }
    return record;
  });
  return {
    path: `${table}.yaml`,
    data: encoder.encode(records.length ? yaml(records) : "[]\n"),
  };
}
