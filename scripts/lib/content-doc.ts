// The section tables' and the posts table's parts of docs/CONTENT.md,
// written from their descriptions (database/sections.ts,
// database/post-lifecycle/fields.ts) so the documented interface cannot
// drift from the tables: `npm run docs:content` rewrites them, and
// content-doc.test.ts fails while the file and a description disagree.
import { readFile } from "node:fs/promises";

import { format, resolveConfig } from "prettier";

import { getTableColumns } from "drizzle-orm";

import {
  longestOf,
  POST_FIELD_NAMES,
  POST_FIELDS,
} from "~database/post-lifecycle/fields";
import type { PostFieldDescription } from "~database/post-lifecycle/fields";
import { posts } from "~database/schema";
import { sectionColumns, sectionRegistry } from "~database/sections";
import type { SectionFieldKind, SectionTable } from "~database/sections";
import { DEFAULT_JOURNEY_BORDER } from "~/lib/content";
import { iconSets } from "~/lib/icon-names";

export const CONTENT_DOC = "docs/CONTENT.md";
const START = "<!-- section-tables:start -->";
const END = "<!-- section-tables:end -->";
const POSTS_START = "<!-- post-fields:start -->";
const POSTS_END = "<!-- post-fields:end -->";

/** Each kind of column as the interface states its type. */
const columnType: Record<SectionFieldKind, string> = {
  text: "text",
  textarea: "text",
  paragraphs: "text",
  icon: "text",
  colour: "text null",
  list: "text[]",
  details: "jsonb",
};

/** What a reader of the interface must know about a kind beyond its type. */
const columnNote: Partial<Record<SectionFieldKind, string>> = {
  paragraphs: "is split into paragraphs on blank lines.",
  colour: `is any CSS colour (\`#10b981\`, \`teal\`, \`rgb(…)\`); empty or invalid means the default (\`${DEFAULT_JOURNEY_BORDER}\`, green).`,
  details:
    'is a JSON array of `{"icon": "<name>", "text": "<text>"}`; a detail without text is not shown.',
};

const tables = Object.keys(sectionRegistry) as SectionTable[];
const code = (text: string) => `\`${text}\``;

function row(cells: ReadonlyArray<string>): string {
  return `| ${cells.join(" | ")} |`;
}

function tablesBlock(): string[] {
  const lines = [
    row(["table", "columns beyond id / created_at / version", "shown on"]),
    row(["-", "-", "-"]),
  ];
  const notes: string[] = [];
  for (const table of tables) {
    const entry = sectionRegistry[table];
    const columns = sectionColumns(table).map(([name, column]) => {
      const note = columnNote[column.kind];
      if (note) notes.push(`- ${code(`${table}.${name}`)} ${note}`);
      return code(`${name} ${columnType[column.kind]}`);
    });
    columns.push(code("display_order int"));
    lines.push(
      row([code(table), columns.join(", "), `${entry.page}: ${entry.name}`]),
    );
  }
  return [...lines, "", ...notes];
}

function iconsBlock(): string[] {
  const lines = [row(["tables", "names"]), row(["-", "-"])];
  const sets = [
    ...new Set(tables.map((table) => sectionRegistry[table].iconSet)),
  ];
  for (const set of sets) {
    if (set === null) continue;
    const users = tables
      .filter((table) => sectionRegistry[table].iconSet === set)
      .map((table) => {
        const kinds = sectionColumns(table).map(([, column]) => column.kind);
        return kinds.includes("details")
          ? `${code(table)} (its details)`
          : code(table);
      });
    lines.push(row([users.join(", "), iconSets[set].join(", ")]));
  }
  return lines;
}

/** The generated part, between its markers. */
export function sectionTablesMarkdown(): string {
  return [
    START,
    "<!-- Written by `npm run docs:content` from database/sections.ts: change the registry, then run it. -->",
    "",
    ...tablesBlock(),
    "",
    "### Icon names",
    "",
    "Icons are [lucide](https://lucide.dev/icons) names. Each area accepts its own set; any",
    "other name shows the default icon.",
    "",
    ...iconsBlock(),
    "",
    END,
  ].join("\n");
}

/** A post column's type as the interface states it, from the table itself. */
function postColumnType(
  name: keyof ReturnType<typeof getTableColumns<typeof posts>>,
): string {
  const column = getTableColumns(posts)[name];
  return [
    column.getSQLType(),
    column.notNull ? "" : "null",
    column.isUnique ? "unique" : "",
  ]
    .filter(Boolean)
    .join(" ");
}

/** The posts table's part, between its markers: each field as database/post-lifecycle/fields.ts describes it. */
export function postFieldsMarkdown(): string {
  const lines = [
    row(["column", "type", "in a content file", "at most", "notes"]),
    row(["-", "-", "-", "-", "-"]),
  ];
  for (const name of POST_FIELD_NAMES) {
    const field: PostFieldDescription = POST_FIELDS[name];
    const longest = longestOf(name);
    lines.push(
      row([
        code(field.column.name),
        code(postColumnType(name)),
        field.frontMatter ? code(field.frontMatter) : "the file's text",
        longest === undefined ? "" : longest.toLocaleString("en-US"),
        field.note,
      ]),
    );
  }
  return [
    POSTS_START,
    "<!-- Written by `npm run docs:content` from database/post-lifecycle/fields.ts: change the description, then run it. -->",
    "",
    ...lines,
    "",
    POSTS_END,
  ].join("\n");
}

/** Replaces the text between two markers. */
function rewritten(
  text: string,
  [start, end]: readonly [string, string],
  part: string,
): string {
  const from = text.indexOf(start);
  const to = text.indexOf(end);
  if (from < 0 || to < from) {
    throw new Error(`${CONTENT_DOC} has lost its ${start} and ${end} markers`);
  }
  return text.slice(0, from) + part + text.slice(to + end.length);
}

/** docs/CONTENT.md as it should read: its generated part rewritten, the whole formatted as `npm run format` would. */
export async function contentDoc(current?: string): Promise<string> {
  const text = current ?? (await readFile(CONTENT_DOC, "utf8"));
  const written = rewritten(
    rewritten(text, [START, END], sectionTablesMarkdown()),
    [POSTS_START, POSTS_END],
    postFieldsMarkdown(),
  );
  const options = await resolveConfig(CONTENT_DOC);
  return format(written, { ...options, filepath: CONTENT_DOC });
}
