// The section tables' part of docs/CONTENT.md, written from their registry
// (database/sections.ts) so the documented interface cannot drift from the
// tables: `npm run docs:content` rewrites it, and content-doc.test.ts fails
// while the file and the registry disagree.
import { readFile } from "node:fs/promises";

import { format, resolveConfig } from "prettier";

import { sectionColumns, sectionRegistry } from "~database/sections";
import type { SectionFieldKind, SectionTable } from "~database/sections";
import { DEFAULT_JOURNEY_BORDER } from "~/lib/content";
import { iconSets } from "~/lib/icon-names";

export const CONTENT_DOC = "docs/CONTENT.md";
const START = "<!-- section-tables:start -->";
const END = "<!-- section-tables:end -->";

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

/** docs/CONTENT.md as it should read: its generated part rewritten, the whole formatted as `npm run format` would. */
export async function contentDoc(current?: string): Promise<string> {
  const text = current ?? (await readFile(CONTENT_DOC, "utf8"));
  const start = text.indexOf(START);
  const end = text.indexOf(END);
  if (start < 0 || end < start) {
    throw new Error(`${CONTENT_DOC} has lost its ${START} and ${END} markers`);
  }
  const rewritten =
    text.slice(0, start) +
    sectionTablesMarkdown() +
    text.slice(end + END.length);
  const options = await resolveConfig(CONTENT_DOC);
  return format(rewritten, { ...options, filepath: CONTENT_DOC });
}
