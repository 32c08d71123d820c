// Reading content/ (posts as Markdown with front matter, each section table
// as YAML, and, from a content archive, the studio's unpublished posts in
// drafts/): every record validated, every problem named by file, record and
// field, nothing written (database/seed.ts writes).
import { readdir, readFile } from "node:fs/promises";
import path from "node:path";

import { parse as parseYaml } from "yaml";

import {
  bodyTooLong,
  describeIssues,
  markdownFiles,
  postFields,
  servedImage,
} from "./content-markdown";
import {
  draftFrontMatterSchema,
  POST_BODY_MAX,
  postFrontMatterSchema,
  sectionSchemas,
} from "./content-schemas";
import type { SectionTable } from "./content-schemas";
import type { PostFields } from "./post-lifecycle/model";
import type * as schema from "./schema";
import { camelCase } from "./section-tables";

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

export type PostRecord = typeof schema.posts.$inferInsert;
export type SectionRecord = {
  table: SectionTable;
  values: Record<string, unknown>;
};

/** An uploaded image and its variants, as a content archive carries them (app/data/archive-media.server.ts). */
export interface MediaRecord {
  values: typeof schema.media.$inferInsert;
  variants: Array<Omit<typeof schema.mediaVariants.$inferInsert, "mediaId">>;
}

/** A studio post visitors do not see (drafts/<slug>.md; draftFrontMatterSchema). */
export interface DraftRecord {
  /** The file it came from, for the problems only the database can reveal. */
  file: string;
  fields: PostFields & { createdAt?: Date };
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
    const unserved = (["image", "social_image"] as const).find((field) => {
      const image = front[field];
      return (
        image !== undefined &&
        !mediaUrls.has(image) &&
        !servedImage(image, path.resolve(publicDir))
      );
    });
    if (unserved) {
      problems.push(
        `${file}: ${unserved}: "${front[unserved]}" is not a file in public/ (a local image must be there to be served)`,
      );
      continue;
    }
    const fields = await postFields(front, slug, body);
    // Markdown grows as it becomes HTML, which is what the editor bounds.
    if (fields.content.length > POST_BODY_MAX) {
      problems.push(bodyTooLong(file));
      continue;
    }
    posts.push(fields);
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
    const fields = await postFields(front, slug, body);
    if (fields.content.length > POST_BODY_MAX) {
      problems.push(bodyTooLong(file));
      continue;
    }
    drafts.push({
      file,
      fields,
      scheduledAt:
        front.status === "scheduled" ? (front.publish_at ?? null) : null,
      publicSlug: front.public_slug ?? null,
    });
  }
  return drafts;
}
