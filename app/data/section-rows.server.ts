// The public pages' lenient readers of the section tables, one per table,
// each built from its entry in database/sections.ts: the database is edited
// by hand, so a malformed value falls back to a safe default (docs/CONTENT.md)
// instead of breaking a page.
import { z } from "zod";

import { camelCase, sectionColumns } from "~database/sections";
import type {
  CamelCase,
  SectionFieldKind,
  SectionRegistry,
  SectionTable,
} from "~database/sections";
import {
  lenientText,
  lenientTextList,
  parseRows,
  plainCssColour,
} from "~/lib/content";

const lenientIcon = z.string().nullable().catch(null);

export const eventDetailSchema = z.object({
  icon: lenientIcon,
  text: z.string().min(1),
});

/** How each kind of section column is read back (database/sections.ts). */
const lenientColumn = {
  text: lenientText,
  textarea: lenientText,
  paragraphs: lenientText,
  // An unknown name shows the area's default icon.
  icon: lenientIcon,
  // Only plain colour values reach the style attribute.
  colour: z.string().regex(plainCssColour).nullable().catch(null),
  list: lenientTextList,
  // A detail without text says nothing; drop it and keep the rest.
  details: z
    .array(z.unknown())
    .catch([])
    .transform((details) => parseRows(eventDetailSchema, details)),
} satisfies Record<SectionFieldKind, z.ZodType>;

type LenientShape<Table extends SectionTable> = { id: z.ZodString } & {
  -readonly [
    Name in keyof SectionRegistry[Table]["columns"] & string as CamelCase<Name>
  ]: SectionRegistry[Table]["columns"][Name] extends {
    kind: infer Kind extends SectionFieldKind;
  }
    ? (typeof lenientColumn)[Kind]
    : never;
};

/**
 * A table's row as its public page reads it: the id and each column by its
 * drizzle name, in the table's order; a row without an id is dropped.
 */
export function lenientRowSchema<Table extends SectionTable>(table: Table) {
  const shape = Object.fromEntries(
    sectionColumns(table).map(([name, column]) => [
      camelCase(name),
      lenientColumn[column.kind],
    ]),
  );
  return z.object({ id: z.string(), ...shape } as LenientShape<Table>);
}
