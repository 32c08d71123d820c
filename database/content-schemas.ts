// Strict schemas for content files: what an author must write. (Reading rows
// back is lenient and falls back to the documented defaults; see
// app/data/section-rows.server.ts.)
import { z } from "zod";

import { sectionColumns, sectionTableNames } from "./sections";
import type {
  SectionFieldKind,
  SectionRegistry,
  SectionTable,
} from "./sections";

export type { SectionTable };

const text = z.string().trim().min(1);
const order = z.number().int().optional();
const list = z.array(text);

/** What a content file must hold for each kind of section column (database/sections.ts). */
const strictColumn = {
  text,
  textarea: text,
  paragraphs: text,
  icon: text,
  // Optional: none means the page's default.
  colour: text.optional(),
  list,
  details: z.array(z.strictObject({ icon: text, text })),
} satisfies Record<SectionFieldKind, z.ZodType>;

type StrictShape<Table extends SectionTable> = {
  -readonly [
    Name in keyof SectionRegistry[Table]["columns"]
  ]: SectionRegistry[Table]["columns"][Name] extends {
    kind: infer Kind extends SectionFieldKind;
  }
    ? (typeof strictColumn)[Kind]
    : never;
} & { display_order: typeof order };

function strictSchemaFor<Table extends SectionTable>(table: Table) {
  const shape = Object.fromEntries(
    sectionColumns(table).map(([name, column]) => [
      name,
      strictColumn[column.kind],
    ]),
  );
  return z.strictObject({
    ...shape,
    display_order: order,
  } as StrictShape<Table>);
}

/** Each section table's content file record (content/<table>.yaml), its columns in the table's order. */
export const sectionSchemas = Object.fromEntries(
  sectionTableNames.map((table) => [table, strictSchemaFor(table)]),
) as { [Table in SectionTable]: ReturnType<typeof strictSchemaFor<Table>> };

// Front matter is read as YAML 1.2 (database/seed.ts), where dates and
// times are strings.
const moment = z.iso
  .datetime({ offset: true })
  .transform((value) => new Date(value));

/**
 * A post's search and sharing fields (decision 043): the longest each may be
 * (search engines show about 60 and 155 characters; the editor says so),
 * and what a canonical address must be. The studio's schema
 * (app/studio/post-schema.ts) and the content files share them, so whatever
 * the studio saves an archive carries back.
 */
export const SEARCH_TITLE_MAX = 200;
/**
 * The longest post body the editor saves (characters of its HTML). An
 * import holds every post to it too: a body of any size would be parsed,
 * stored and rendered on every visit, holding the server all the while.
 */
export const POST_BODY_MAX = 500_000;
/** The editor's bounds on a post's words, which an import keeps as well. */
export const POST_TEXT_MAX = {
  title: 200,
  excerpt: 500,
  category: 60,
  author: 120,
  image: 2000,
} as const;
export const SEARCH_DESCRIPTION_MAX = 400;
export const CANONICAL_URL_MAX = 2000;

/** A secure web address with a host name, as a canonical address must be. */
export function canonicalAddress(message: string) {
  return z
    .url({ protocol: /^https$/, hostname: z.regexes.domain, error: message })
    .max(CANONICAL_URL_MAX, message);
}

/** Far more than any category's details take in the editor, which bounds each of them. */
const POST_META_JSON_MAX = 20_000;

export const postFrontMatterSchema = z.strictObject({
  slug: z
    .string()
    .regex(
      /^[a-z0-9]+(?:-[a-z0-9]+)*$/,
      "use lowercase words joined by hyphens",
    )
    .optional(),
  title: text.max(POST_TEXT_MAX.title),
  // The studio publishes a post without an excerpt (its card shows none), so
  // an archive of it must import: whatever the studio accepts comes back.
  excerpt: z.string().trim().max(POST_TEXT_MAX.excerpt),
  image: text.max(POST_TEXT_MAX.image).optional(),
  date: z.iso.date(),
  category: text.max(POST_TEXT_MAX.category),
  author: text.max(POST_TEXT_MAX.author),
  meta: z
    .record(z.string(), z.unknown())
    .refine(
      (meta) => JSON.stringify(meta).length <= POST_META_JSON_MAX,
      `the details are longer than the editor saves (${POST_META_JSON_MAX} characters as JSON)`,
    )
    .optional(),
  /**
   * "html": the body is the post's HTML, taken as it is (an export writes it
   * for a body that Markdown would not give back unchanged, e.g. a code
   * block with a blank line). Markdown otherwise.
   */
  format: z.enum(["markdown", "html"]).optional(),
  /** When the post was written (posts.created_at); the Live Music page orders by it. Defaults to the import time. */
  created_at: moment.optional(),
  search_title: text.max(SEARCH_TITLE_MAX).optional(),
  search_description: text.max(SEARCH_DESCRIPTION_MAX).optional(),
  social_image: text.optional(),
  canonical_url: canonicalAddress(
    "use a secure web address (https://…)",
  ).optional(),
});

/**
 * A studio post visitors do not see (drafts/<slug>.md): a draft, a scheduled
 * post, or a public post's saved but unpublished changes. Its body and
 * excerpt may still be empty and its category undecided, as the studio's
 * editor allows for a draft; publishing is where those are required.
 */
export const draftFrontMatterSchema = postFrontMatterSchema
  .extend({
    excerpt: z.string().trim(),
    category: z.string().trim(),
    /** "scheduled": the studio's scheduler publishes it at `publish_at`. */
    status: z.enum(["draft", "scheduled"]),
    publish_at: moment.optional(),
    /**
     * The address of the public post (posts/<public_slug>.md) whose
     * unpublished changes this is; absent for a post never published.
     */
    public_slug: postFrontMatterSchema.shape.slug,
  })
  .superRefine((draft, context) => {
    if (draft.status === "scheduled" && !draft.publish_at)
      context.addIssue({
        code: "custom",
        path: ["publish_at"],
        message: "a scheduled post needs the time to publish it",
      });
    if (draft.status === "draft" && draft.publish_at)
      context.addIssue({
        code: "custom",
        path: ["publish_at"],
        message: 'only a post with status "scheduled" has a publish time',
      });
  });
