// Strict schemas for content files: what an author must write. (Reading rows
// back is lenient and falls back to the documented defaults; see
// app/data/section-rows.server.ts.)
import { z } from "zod";

import {
  fieldRule,
  FRONT_MATTER_FIELDS,
  POST_FIELDS,
} from "./post-lifecycle/fields";
import type {
  FieldValue,
  FrontMatterFieldName,
  PostFieldDescription,
} from "./post-lifecycle/fields";
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

/** The longest post body the editor saves (characters of its HTML); an import holds every post to it too. */
export const POST_BODY_MAX = POST_FIELDS.content.longest.max;

export { canonicalAddress } from "./post-lifecycle/fields";

/**
 * A field as a content file gives it: its rule (the studio's), left out
 * when it has none; a field publishing needs may not be empty in a public
 * post's file.
 */
function frontMatterField(name: FrontMatterFieldName, { draft = false } = {}) {
  const field: PostFieldDescription = POST_FIELDS[name];
  const rule = fieldRule(name);
  if (field.optional) {
    // Left out, not written empty: a content file has no blank values.
    const given = field.longest
      ? rule.refine((value) => value !== "", "leave it out rather than empty")
      : rule;
    return given.optional();
  }
  if (field.toPublish && !draft)
    return rule.refine((value) => value !== "", field.toPublish);
  return rule;
}

type FrontMatterShape = {
  [
    Name in FrontMatterFieldName as (typeof POST_FIELDS)[Name]["frontMatter"]
  ]: z.ZodType<
    | FieldValue<Name>
    | ((typeof POST_FIELDS)[Name]["optional"] extends true ? undefined : never)
  >;
};

/** Each front-matter key's schema, from the fields' description. */
function frontMatterShape({ draft = false } = {}): FrontMatterShape {
  return Object.fromEntries(
    FRONT_MATTER_FIELDS.map((name) => [
      POST_FIELDS[name].frontMatter,
      frontMatterField(name, { draft }),
    ]),
  ) as FrontMatterShape;
}

export const postFrontMatterSchema = z.strictObject({
  ...frontMatterShape(),
  // The file's name unless given.
  slug: fieldRule("slug").optional(),
  /**
   * "html": the body is the post's HTML, taken as it is (an export writes it
   * for a body that Markdown would not give back unchanged, e.g. a code
   * block with a blank line). Markdown otherwise.
   */
  format: z.enum(["markdown", "html"]).optional(),
  /** When the post was written (posts.created_at); the Live Music page orders by it. Defaults to the import time. */
  created_at: moment.optional(),
});

/**
 * A studio post visitors do not see (drafts/<slug>.md): a draft, a scheduled
 * post, or a public post's saved but unpublished changes. Its body and
 * excerpt may still be empty and its category undecided, as the studio's
 * editor allows for a draft; publishing is where those are required.
 */
export const draftFrontMatterSchema = postFrontMatterSchema
  .extend({
    // Its body and a field publishing needs may still be empty.
    ...frontMatterShape({ draft: true }),
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
