// Content import: reads content/ (posts as Markdown with front matter, each
// section table as YAML), validates every record, and upserts them all in one
// transaction, so a bad record leaves the database exactly as it was.
import { existsSync } from "node:fs";
import { readdir, readFile } from "node:fs/promises";
import path from "node:path";

import { and, eq, sql } from "drizzle-orm";
import matter from "gray-matter";
import { marked } from "marked";
import { parse as parseYaml } from "yaml";
import type { z } from "zod";

import type { Database } from "./client";
import { postFrontMatterSchema, sectionSchemas } from "./content-schemas";
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

export interface ContentBundle {
  posts: PostRecord[];
  sections: SectionRecord[];
  media?: MediaRecord[];
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
  engines: Object.fromEntries(
    ["js", "javascript", "coffee", "coffeescript", "cson"].map((language) => [
      language,
      refuseEngine(language),
    ]),
  ),
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

  const postsDir = path.join(contentDir, "posts");
  const postFiles = (await readdir(postsDir).catch(() => [] as string[]))
    .filter((name) => name.endsWith(".md"))
    .sort();
  const slugs = new Map<string, string>();
  for (const name of postFiles) {
    const file = path.join("posts", name);
    let parsed: matter.GrayMatterFile<string>;
    try {
      parsed = matter(
        await readFile(path.join(postsDir, name), "utf8"),
        FRONT_MATTER,
      );
    } catch (error) {
      problems.push(
        `${file}: front matter: ${error instanceof Error ? error.message : String(error)}`,
      );
      continue;
    }
    const result = postFrontMatterSchema.safeParse(parsed.data);
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
    if (!parsed.content.trim()) {
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
    posts.push({
      slug,
      title: front.title,
      excerpt: front.excerpt,
      content:
        front.format === "html"
          ? parsed.content
          : await marked.parse(parsed.content),
      image: front.image ?? null,
      date: front.date,
      category: front.category,
      author: front.author,
      meta: front.meta ?? null,
      ...(front.created_at ? { createdAt: front.created_at } : {}),
    });
  }

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
  return { posts, sections };
}

export interface ImportReport {
  records: number;
  posts: number;
  sections: number;
  /** Uploaded images (an archive's media/). */
  media: number;
}

/** Upserts a validated bundle in one transaction: media by hash, posts by slug, section rows by table and title. */
export async function writeContent(
  db: Database,
  bundle: ContentBundle,
): Promise<ImportReport> {
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
    for (const post of bundle.posts) {
      await tx
        .insert(schema.posts)
        .values(post)
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
        });
    }
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
    records: bundle.posts.length + bundle.sections.length + media,
    posts: bundle.posts.length,
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
