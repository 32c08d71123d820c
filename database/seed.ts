// Content import: reads content/ (posts as Markdown with front matter, each
// section table as YAML, and, from a content archive, the studio's unpublished
// posts in drafts/), validates every record, and upserts them all in one
// transaction, so a bad record leaves the database exactly as it was.
import { existsSync } from "node:fs";
import { readdir, readFile } from "node:fs/promises";
import path from "node:path";

import { and, eq, isNull, ne, sql } from "drizzle-orm";
import matter from "gray-matter";
import { marked } from "marked";
import { parse as parseYaml } from "yaml";
import type { z } from "zod";

import type { Database } from "./client";
import {
  draftFrontMatterSchema,
  postFrontMatterSchema,
  sectionSchemas,
} from "./content-schemas";
import type { SectionTable } from "./content-schemas";
import { camelCase, sectionTables } from "./section-tables";
import * as schema from "./schema";

export class ContentError extends Error {
  readonly problems: ReadonlyArray<string>;

  constructor(problems: ReadonlyArray<string>) {
    super(
      `Content has ${problems.length} problem(s):\n${problems.map((p) => `  ${p}`).join("\n")}`,
    );
    this.name = "ContentError";
    this.problems = problems;
  }
}

type PostRecord = typeof schema.posts.$inferInsert;
type SectionRecord = { table: SectionTable; values: Record<string, unknown> };

/** An uploaded image and its variants, as a content archive carries them (app/data/content-archive.server.ts). */
export interface MediaRecord {
  values: typeof schema.media.$inferInsert;
  variants: Array<Omit<typeof schema.mediaVariants.$inferInsert, "mediaId">>;
}

type StudioRow = typeof schema.studioPosts.$inferSelect;

const POST_FIELDS = [
  "slug",
  "title",
  "excerpt",
  "content",
  "image",
  "date",
  "category",
  "author",
  "meta",
] as const;

/** The fields the owner writes; a public post and its studio copy both have them. */
type PostFieldValues = Pick<StudioRow, (typeof POST_FIELDS)[number]>;

function sameFields(a: PostFieldValues, b: PostFieldValues): boolean {
  return POST_FIELDS.every(
    (key) => JSON.stringify(a[key] ?? null) === JSON.stringify(b[key] ?? null),
  );
}

/** A studio post visitors do not see (drafts/<slug>.md; draftFrontMatterSchema). */
export interface DraftRecord {
  /** The file it came from, for the problems only the database can reveal. */
  file: string;
  fields: PostFieldValues & { createdAt?: Date };
  scheduledAt: Date | null;
  /** The public post whose unpublished changes this is. */
  publicSlug: string | null;
}

export interface ContentBundle {
  posts: PostRecord[];
  sections: SectionRecord[];
  media?: MediaRecord[];
  drafts?: DraftRecord[];
}

function describeIssues(
  file: string,
  where: string,
  error: z.ZodError,
): string[] {
  return error.issues.map((issue) => {
    const field = issue.path.length ? issue.path.join(".") : "(record)";
    return `${file}${where}: ${field}: ${issue.message}`;
  });
}

/**
 * Front matter is YAML. gray-matter also runs front matter written as
 * JavaScript ('---js'), i.e. evaluates whatever a content file says; those
 * engines (and its other non-data ones) are replaced by a refusal.
 */
const refuseEngine = (language: string) => () => {
  throw new Error(
    `'---${language}' front matter is not accepted (it would run as code); write it in YAML.`,
  );
};
const FRONT_MATTER = {
  engines: {
    ...Object.fromEntries(
      ["js", "javascript", "coffee", "coffeescript", "cson"].map((language) => [
        language,
        refuseEngine(language),
      ]),
    ),
    // The YAML the section files are read with and the export writes (YAML
    // 1.2), not gray-matter's own, which reads a title such as "2026-11-20"
    // as a date and "12:30:00" as a number: what the studio saves as text
    // comes back as text.
    yaml: (text: string) => (parseYaml(text) ?? {}) as object,
  },
};

/**
 * Whether a post's image is one the site serves: a local path ("/images/...")
 * must name a file in public/, or every visit to a page showing it would
 * request a missing file. Other addresses (https://...) are not checked.
 */
function servedImage(image: string, publicDir: string): boolean {
  if (!image.startsWith("/") || image.startsWith("//")) return true;
  const file = path.resolve(
    publicDir,
    `.${decodeURI(image.split(/[?#]/)[0] ?? "")}`,
  );
  return file.startsWith(publicDir + path.sep) && existsSync(file);
}

/** A Markdown file's front matter and body; null (and a problem) when its front matter cannot be read. */
async function readMarkdownFile(
  file: string,
  fullPath: string,
  problems: string[],
): Promise<matter.GrayMatterFile<string> | null> {
  try {
    return matter(await readFile(fullPath, "utf8"), FRONT_MATTER);
  } catch (error) {
    problems.push(
      `${file}: front matter: ${error instanceof Error ? error.message : String(error)}`,
    );
    return null;
  }
}

/**
 * The Markdown files of one folder of content (posts/, drafts/), in name
 * order, each read and checked against its front matter schema, with its slug
 * (front matter, else the file name) used by no earlier file. A file that
 * fails adds its problem and is skipped; `slugs` ends holding slug → file.
 */
async function* markdownFiles<T extends { slug?: string | undefined }>(
  contentDir: string,
  folder: string,
  schema: z.ZodType<T>,
  problems: string[],
  slugs: Map<string, string>,
): AsyncGenerator<{ file: string; front: T; slug: string; body: string }> {
  const dir = path.join(contentDir, folder);
  const names = (await readdir(dir).catch(() => [] as string[]))
    .filter((name) => name.endsWith(".md"))
    .sort();
  for (const name of names) {
    const file = path.join(folder, name);
    const parsed = await readMarkdownFile(file, path.join(dir, name), problems);
    if (!parsed) continue;
    const result = schema.safeParse(parsed.data);
    if (!result.success) {
      problems.push(...describeIssues(file, "", result.error));
      continue;
    }
    const front = result.data;
    const slug = front.slug ?? name.replace(/\.md$/, "");
    const previous = slugs.get(slug);
    if (previous) {
      problems.push(`${file}: slug: "${slug}" is already used by ${previous}`);
      continue;
    }
    slugs.set(slug, file);
    yield { file, front, slug, body: parsed.content };
  }
}

/** A post's columns from its file: the body is Markdown unless the front matter says html. */
async function postFields(
  front: z.output<typeof postFrontMatterSchema>,
  slug: string,
  body: string,
): Promise<PostFieldValues & { createdAt?: Date }> {
  return {
    slug,
    title: front.title,
    excerpt: front.excerpt,
    content: front.format === "html" ? body : await marked.parse(body),
    image: front.image ?? null,
    date: front.date,
    category: front.category,
    author: front.author,
    meta: front.meta ?? null,
    ...(front.created_at ? { createdAt: front.created_at } : {}),
  };
}

/** Reads and validates every content file; throws ContentError naming each bad file, record and field. */
export async function loadContent(
  contentDir: string,
  publicDir: string = path.resolve(contentDir, "..", "public"),
  /** Uploaded images ("/media/...") that will exist once the import is written. */
  mediaUrls: ReadonlySet<string> = new Set(),
): Promise<ContentBundle> {
  const problems: string[] = [];
  const posts: PostRecord[] = [];
  const sections: SectionRecord[] = [];
  const entries = await readdir(contentDir, { withFileTypes: true }).catch(
    () => [],
  );

  const slugs = new Map<string, string>();
  for await (const { file, front, slug, body } of markdownFiles(
    contentDir,
    "posts",
    postFrontMatterSchema,
    problems,
    slugs,
  )) {
    if (!body.trim()) {
      problems.push(`${file}: content: the post has no body`);
      continue;
    }
    if (
      front.image &&
      !mediaUrls.has(front.image) &&
      !servedImage(front.image, path.resolve(publicDir))
    ) {
      problems.push(
        `${file}: image: "${front.image}" is not a file in public/ (a local image must be there to be served)`,
      );
      continue;
    }
    posts.push(await postFields(front, slug, body));
  }

  const drafts = await loadDrafts(contentDir, slugs, problems);

  for (const entry of entries) {
    if (!entry.isFile() || !/\.ya?ml$/.test(entry.name)) continue;
    const table = entry.name.replace(/\.ya?ml$/, "");
    if (!(table in sectionSchemas)) {
      problems.push(
        `${entry.name}: unknown table "${table}" (expected one of ${Object.keys(sectionSchemas).join(", ")})`,
      );
      continue;
    }
    const sectionTable = table as SectionTable;
    let records: unknown;
    try {
      records = parseYaml(
        await readFile(path.join(contentDir, entry.name), "utf8"),
      );
    } catch (error) {
      problems.push(
        `${entry.name}: not valid YAML: ${error instanceof Error ? error.message : String(error)}`,
      );
      continue;
    }
    if (records == null) continue;
    if (!Array.isArray(records)) {
      problems.push(`${entry.name}: expected a list of records`);
      continue;
    }
    const titles = new Set<string>();
    records.forEach((record: unknown, index) => {
      const result = sectionSchemas[sectionTable].safeParse(record);
      if (!result.success) {
        problems.push(
          ...describeIssues(entry.name, ` record ${index + 1}`, result.error),
        );
        return;
      }
      const { display_order, ...fields } = result.data;
      if (titles.has(fields.title)) {
        problems.push(
          `${entry.name} record ${index + 1}: title: "${fields.title}" appears twice`,
        );
        return;
      }
      titles.add(fields.title);
      const values: Record<string, unknown> = {
        displayOrder: display_order ?? index + 1,
      };
      for (const [key, value] of Object.entries(fields))
        values[camelCase(key)] = value;
      sections.push({ table: sectionTable, values });
    });
  }

  if (problems.length) throw new ContentError(problems);
  return drafts.length ? { posts, sections, drafts } : { posts, sections };
}

/**
 * Reads drafts/ (a content archive's unpublished posts; content/ has none).
 * `publicSlugs` are the posts/ of the same content, by slug: a draft may not
 * take a public post's address unless it is that post's unpublished changes.
 */
async function loadDrafts(
  contentDir: string,
  publicSlugs: ReadonlyMap<string, string>,
  problems: string[],
): Promise<DraftRecord[]> {
  const drafts: DraftRecord[] = [];
  const workingCopies = new Map<string, string>();
  for await (const { file, front, slug, body } of markdownFiles(
    contentDir,
    "drafts",
    draftFrontMatterSchema,
    problems,
    new Map(),
  )) {
    const publicPost = publicSlugs.get(slug);
    if (!front.public_slug && publicPost) {
      problems.push(
        `${file}: slug: "${slug}" is the address of ${publicPost} (a public post's unpublished changes name it in public_slug)`,
      );
      continue;
    }
    if (front.public_slug) {
      const other = workingCopies.get(front.public_slug);
      if (other) {
        problems.push(
          `${file}: public_slug: ${other} already holds the unpublished changes of "${front.public_slug}"`,
        );
        continue;
      }
      workingCopies.set(front.public_slug, file);
    }
    // No image or body check: a draft is unfinished work, and the studio
    // keeps it as the owner left it; publishing is where it must be whole.
    drafts.push({
      file,
      fields: await postFields(front, slug, body),
      scheduledAt:
        front.status === "scheduled" ? (front.publish_at ?? null) : null,
      publicSlug: front.public_slug ?? null,
    });
  }
  return drafts;
}

export interface ImportReport {
  records: number;
  posts: number;
  /** The studio's unpublished posts (an archive's drafts/). */
  drafts: number;
  sections: number;
  /** Uploaded images (an archive's media/). */
  media: number;
}

type Transaction = Parameters<Parameters<Database["transaction"]>[0]>[0];
async function studioRowWhere(
  tx: Transaction,
  where: ReturnType<typeof eq>,
): Promise<StudioRow | null> {
  const [row] = await tx.select().from(schema.studioPosts).where(where);
  return row ?? null;
}

/**
 * Writes one draft into the studio's table, matched by slug (a public post's
 * unpublished changes: by that post), as a new version with an "import"
 * revision, so an editor open on the old version gets the conflict screen
 * rather than overwriting it. Returns the post's id, or the problem that
 * only the database reveals (the caller refuses the whole import).
 */
async function writeDraft(
  tx: Transaction,
  draft: DraftRecord,
  now: Date,
): Promise<{ id: string } | { problem: string }> {
  const { file, fields } = draft;
  let live: typeof schema.posts.$inferSelect | null = null;
  if (draft.publicSlug) {
    [live = null] = await tx
      .select()
      .from(schema.posts)
      .where(eq(schema.posts.slug, draft.publicSlug));
    if (!live)
      return {
        problem: `${file}: public_slug: no public post has the address "${draft.publicSlug}"`,
      };
  }
  // Publishing it later would fail on a taken address; say so now.
  const [taken] = await tx
    .select({ id: schema.posts.id })
    .from(schema.posts)
    .where(eq(schema.posts.slug, fields.slug));
  if (taken && taken.id !== live?.id)
    return {
      problem: live
        ? `${file}: slug: "${fields.slug}" is the address of another public post here`
        : `${file}: slug: "${fields.slug}" is the address of a public post here (a public post's unpublished changes name it in public_slug)`,
    };
  const bySlug = await studioRowWhere(
    tx,
    eq(schema.studioPosts.slug, fields.slug),
  );
  const existing = live
    ? await studioRowWhere(tx, eq(schema.studioPosts.postId, live.id))
    : bySlug;
  if (bySlug && bySlug.postId !== existing?.postId)
    return {
      problem: `${file}: slug: "${fields.slug}" is used by another post in the studio`,
    };
  if (!live && existing) {
    const [published] = await tx
      .select({ slug: schema.posts.slug })
      .from(schema.posts)
      .where(eq(schema.posts.id, existing.postId));
    if (published)
      return {
        problem: `${file}: slug: "${fields.slug}" is used in the studio by the unpublished changes of /post/${published.slug}`,
      };
  }
  // The studio shows "unpublished changes" while the version differs from
  // the published one; the import only knows whether the texts differ.
  const same = live !== null && sameFields(fields, live);
  const version = existing ? existing.version + 1 : live && !same ? 2 : 1;
  const values = {
    ...fields,
    version,
    publishedVersion: live ? (same ? version : version - 1) : null,
    scheduledAt: draft.scheduledAt,
    // The archive's post replaces one the studio had in the trash.
    deletedAt: null,
    trashedPost: null,
    updatedAt: now,
  };
  let row: StudioRow | undefined;
  if (existing) {
    [row] = await tx
      .update(schema.studioPosts)
      .set(values)
      .where(eq(schema.studioPosts.postId, existing.postId))
      .returning();
  } else {
    [row] = await tx
      .insert(schema.studioPosts)
      .values({ ...values, ...(live ? { postId: live.id } : {}) })
      .returning();
  }
  if (!row) throw new Error("the draft's write returned nothing");
  await tx.insert(schema.studioPostRevisions).values({
    postId: row.postId,
    version: row.version,
    kind: "import",
    snapshot: Object.fromEntries(POST_FIELDS.map((key) => [key, row[key]])),
    createdAt: now,
  });
  return { id: row.postId };
}

/**
 * The studio's copy of a public post the import replaced becomes that post
 * again, with nothing unpublished, no schedule and out of the trash:
 * otherwise the studio would list its old text (or the post as trashed),
 * and its next "Update" would undo the import.
 */
async function followPublicPost(
  tx: Transaction,
  file: string,
  row: StudioRow,
  live: typeof schema.posts.$inferSelect,
  now: Date,
): Promise<string | null> {
  if (
    sameFields(row, live) &&
    row.publishedVersion === row.version &&
    !row.scheduledAt &&
    !row.deletedAt
  )
    return null;
  const [other] = await tx
    .select({ id: schema.studioPosts.postId })
    .from(schema.studioPosts)
    .where(
      and(
        eq(schema.studioPosts.slug, live.slug),
        ne(schema.studioPosts.postId, row.postId),
      ),
    );
  if (other)
    return `${file}: slug: "${live.slug}" is used by another post in the studio`;
  const version = row.version + 1;
  const fields = Object.fromEntries(POST_FIELDS.map((key) => [key, live[key]]));
  await tx
    .update(schema.studioPosts)
    .set({
      ...fields,
      version,
      publishedVersion: version,
      scheduledAt: null,
      deletedAt: null,
      trashedPost: null,
      updatedAt: now,
    })
    .where(eq(schema.studioPosts.postId, row.postId));
  await tx.insert(schema.studioPostRevisions).values({
    postId: row.postId,
    version,
    kind: "import",
    snapshot: fields,
    createdAt: now,
  });
  return null;
}

/**
 * Upserts a validated bundle in one transaction: media by hash, posts by
 * slug, section rows by table and title, drafts into the studio by slug. A
 * problem only the database reveals (a draft taking a public post's address)
 * throws ContentError and rolls everything back.
 */
export async function writeContent(
  db: Database,
  bundle: ContentBundle,
  now = new Date(),
): Promise<ImportReport> {
  const drafts = bundle.drafts ?? [];
  await db.transaction(async (tx) => {
    for (const { values, variants } of bundle.media ?? []) {
      // An image is its hash: one already here is the same image.
      const [row] = await tx
        .insert(schema.media)
        .values(values)
        .onConflictDoUpdate({
          target: schema.media.hash,
          set: { filename: values.filename, alt: values.alt },
        })
        .returning({ id: schema.media.id });
      if (!row) throw new Error("the media insert returned nothing");
      for (const variant of variants) {
        await tx
          .insert(schema.mediaVariants)
          .values({ ...variant, mediaId: row.id })
          .onConflictDoNothing();
      }
    }
    // A post the studio holds unpublished (a draft, or in the trash) at an
    // address the archive publishes is that post: it is published again
    // under its own id rather than listed twice.
    const unpublished = new Map(
      (
        await tx
          .select({
            id: schema.studioPosts.postId,
            slug: schema.studioPosts.slug,
          })
          .from(schema.studioPosts)
          .leftJoin(
            schema.posts,
            eq(schema.posts.id, schema.studioPosts.postId),
          )
          .where(isNull(schema.posts.id))
      ).map((row) => [row.slug, row.id]),
    );
    const written = new Map<string, string>();
    for (const post of bundle.posts) {
      const id = unpublished.get(post.slug);
      const [row] = await tx
        .insert(schema.posts)
        .values(id ? { ...post, id } : post)
        .onConflictDoUpdate({
          target: schema.posts.slug,
          set: {
            title: post.title,
            excerpt: post.excerpt,
            content: post.content,
            image: post.image,
            date: post.date,
            category: post.category,
            author: post.author,
            meta: post.meta ?? sql`null`,
            ...(post.createdAt ? { createdAt: post.createdAt } : {}),
          },
        })
        .returning({ id: schema.posts.id });
      if (!row) throw new Error("the post upsert returned nothing");
      written.set(row.id, `posts/${post.slug}.md`);
    }
    const problems: string[] = [];
    const drafted = new Set<string>();
    for (const draft of drafts) {
      const result = await writeDraft(tx, draft, now);
      if ("problem" in result) problems.push(result.problem);
      else drafted.add(result.id);
    }
    const copies = await tx
      .select()
      .from(schema.studioPosts)
      .innerJoin(schema.posts, eq(schema.posts.id, schema.studioPosts.postId));
    for (const { studio_posts: row, posts: live } of copies) {
      const file = written.get(row.postId);
      if (!file || drafted.has(row.postId)) continue;
      const problem = await followPublicPost(tx, file, row, live, now);
      if (problem) problems.push(problem);
    }
    if (problems.length) throw new ContentError(problems);
    for (const { table, values } of bundle.sections) {
      const target = sectionTables[table];
      const title = String(values.title);
      const updated = await tx
        .update(target)
        .set(values)
        .where(and(eq(target.title, title)))
        .returning({ id: target.id });
      if (updated.length === 0) await tx.insert(target).values(values as never);
    }
  });
  const media = bundle.media?.length ?? 0;
  return {
    records:
      bundle.posts.length + drafts.length + bundle.sections.length + media,
    posts: bundle.posts.length,
    drafts: drafts.length,
    sections: bundle.sections.length,
    media,
  };
}

export async function importContent(
  db: Database,
  contentDir: string,
  publicDir?: string,
): Promise<ImportReport> {
  return writeContent(db, await loadContent(contentDir, publicDir));
}
