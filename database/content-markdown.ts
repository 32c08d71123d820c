// Reading content's Markdown files (posts/, drafts/): YAML front matter
// checked against its schema, a body in Markdown or HTML, and the local
// images a post may name.
import { existsSync } from "node:fs";
import { readdir, readFile } from "node:fs/promises";
import path from "node:path";

import matter from "gray-matter";
import { marked } from "marked";
import { parse as parseYaml } from "yaml";
import type { z } from "zod";

import { POST_BODY_MAX } from "./content-schemas";
import type { postFrontMatterSchema } from "./content-schemas";
import { FRONT_MATTER_FIELDS, POST_FIELDS } from "./post-lifecycle/fields";
import type { PostFields } from "./post-lifecycle/fields";

export function describeIssues(
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
export function servedImage(image: string, publicDir: string): boolean {
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
export async function* markdownFiles<T extends { slug?: string | undefined }>(
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
    // Refused before its Markdown is parsed: that alone could take seconds.
    if (parsed.content.length > POST_BODY_MAX) {
      problems.push(bodyTooLong(file));
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

/** What an import says of a post whose body is longer than the editor saves. */
export function bodyTooLong(file: string): string {
  return `${file}: content: the body is longer than the editor saves (${POST_BODY_MAX.toLocaleString("en-US")} characters)`;
}

/** A post's columns from its file: the body is Markdown unless the front matter says html. */
export async function postFields(
  front: z.output<typeof postFrontMatterSchema>,
  slug: string,
  body: string,
): Promise<PostFields & { createdAt?: Date }> {
  const fields: Record<string, unknown> = {};
  for (const name of FRONT_MATTER_FIELDS) {
    const value = front[POST_FIELDS[name].frontMatter as keyof typeof front];
    fields[name] = POST_FIELDS[name].optional ? (value ?? null) : value;
  }
  return {
    ...(fields as Omit<PostFields, "slug" | "content">),
    slug,
    content: front.format === "html" ? body : await marked.parse(body),
    ...(front.created_at ? { createdAt: front.created_at } : {}),
  };
}
