// The section tables, each described once (docs/decisions/040). From an
// entry come the drizzle table (database/schema.ts), the content import's
// strict schema (database/content-schemas.ts), the public pages' lenient
// readers (app/data/section-rows.server.ts), the studio's fields
// (app/studio/sections.ts) and the table in docs/CONTENT.md
// (npm run docs:content), and the lists of tables the page cache
// (database/content-cache.ts), the sitemap (app/lib/feeds/sitemap.ts) and the
// journeys' broken server keep. Adding a table is one entry here, its
// migration (ending in add_section_table_triggers, drizzle/0020) and its
// public screen; the drizzle table (database/schema.ts, section-tables.ts)
// fails to compile until it is declared.
//
// Plain data on purpose: the studio's form runs in the browser and builds its
// schema from these entries, so nothing here may import drizzle or the app.

/**
 * What a column holds, which decides everything else about it:
 *
 * | kind         | column                          | studio field                     |
 * | ------------ | ------------------------------- | -------------------------------- |
 * | `text`       | `text not null`                 | one line                         |
 * | `textarea`   | `text not null`                 | several lines                    |
 * | `paragraphs` | `text not null`                 | paragraphs split on blank lines  |
 * | `icon`       | `text not null`                 | the area's icons                 |
 * | `colour`     | `text` (null: the default)      | a palette of plain CSS colours   |
 * | `list`       | `text[] not null default '{}'`  | one input per item               |
 * | `details`    | `jsonb not null default '[]'`   | icon-and-text pairs              |
 */
export type SectionFieldKind =
  "text" | "textarea" | "paragraphs" | "icon" | "colour" | "list" | "details";

export type SectionColumn =
  | { kind: Exclude<SectionFieldKind, "list">; label: string }
  | { kind: "list"; label: string; itemLabel: string };

/** The icon sets of app/lib/icon-names.ts, by name (app/studio/sections.ts checks they exist). */
export type SectionIconSetName =
  | "coreValues"
  | "trail"
  | "music"
  | "fitness"
  | "leadership"
  | "community"
  | "motivational";

export interface SectionEntry {
  /** The public page's name. */
  page: string;
  /** The public page it feeds and the section's anchor there ("/about#values"). */
  publicPath: string;
  /** The list's name on the public page. */
  name: string;
  /** One row, as the studio's buttons say it ("Add a core value"). */
  singular: string;
  /** The table's address in the studio: /studio/pages/<slug>. */
  slug: string;
  /** The icons its area accepts (icon and event detail fields). */
  iconSet: SectionIconSetName | null;
  /**
   * The columns beyond id, display_order and created_at, in the table's
   * column order (snake_case, as in content files). The studio shows them in
   * this order with the icon picker last.
   */
  columns: Readonly<Record<string, SectionColumn>>;
}

const title = { kind: "text", label: "Title" } as const;
const description = { kind: "textarea", label: "Description" } as const;
const quote = { kind: "textarea", label: "Quote" } as const;
const icon = { kind: "icon", label: "Icon" } as const;

/** In the studio's order: grouped by the public page, pages as its Pages screen lists them. */
export const sectionRegistry = {
  core_values: {
    page: "About",
    publicPath: "/about#values",
    name: "Core Values & Philosophy",
    singular: "core value",
    slug: "core-values",
    iconSet: "coreValues",
    columns: { title, description, icon },
  },
  personal_journey_sections: {
    page: "About",
    publicPath: "/about#journey",
    name: "My Personal Journey",
    singular: "journey section",
    slug: "journey",
    iconSet: null,
    columns: {
      title,
      content: { kind: "paragraphs", label: "Content" },
      border_color: { kind: "colour", label: "Border colour" },
    },
  },
  leadership_philosophies: {
    page: "Leadership",
    publicPath: "/leadership#philosophy",
    name: "Leadership Philosophy",
    singular: "philosophy",
    slug: "leadership-philosophies",
    iconSet: "leadership",
    columns: { title, description, quote, icon },
  },
  mentoring_approaches: {
    page: "Leadership",
    publicPath: "/leadership#mentoring",
    name: "Mentoring Approach",
    singular: "mentoring approach",
    slug: "mentoring-approaches",
    iconSet: null,
    columns: {
      title,
      description,
      results: { kind: "list", label: "Results", itemLabel: "Result" },
    },
  },
  leadership_lessons: {
    page: "Leadership",
    publicPath: "/leadership#lessons",
    name: "Leadership Lessons Learned",
    singular: "lesson",
    slug: "leadership-lessons",
    iconSet: null,
    columns: {
      title,
      description,
      actions: { kind: "list", label: "Actions", itemLabel: "Action" },
    },
  },
  community_values: {
    page: "Community",
    publicPath: "/community#values",
    name: "Community Values",
    singular: "community value",
    slug: "community-values",
    iconSet: "community",
    columns: { title, description, icon },
  },
  community_events: {
    page: "Community",
    publicPath: "/community#events",
    name: "Community Events",
    singular: "community event",
    slug: "community-events",
    iconSet: "community",
    columns: {
      title,
      type: { kind: "text", label: "Type" },
      description,
      details: { kind: "details", label: "Details" },
    },
  },
  trail_philosophies: {
    page: "Hiking",
    publicPath: "/hiking#trail-philosophy",
    name: "Trail Philosophy",
    singular: "trail philosophy",
    slug: "trail-philosophies",
    iconSet: "trail",
    columns: { title, description, icon },
  },
  music_philosophies: {
    page: "Music",
    publicPath: "/music#music-philosophy",
    name: "Music Philosophy",
    singular: "music philosophy",
    slug: "music-philosophies",
    iconSet: "music",
    columns: { title, description, icon },
  },
  fitness_philosophies: {
    page: "Fitness",
    publicPath: "/fitness#philosophy",
    name: "Fitness Philosophy",
    singular: "fitness philosophy",
    slug: "fitness-philosophies",
    iconSet: "fitness",
    columns: { icon, title, description },
  },
  fitness_routines: {
    page: "Fitness",
    publicPath: "/fitness#routines",
    name: "Current Fitness Routines",
    singular: "routine",
    slug: "fitness-routines",
    iconSet: "fitness",
    columns: {
      icon,
      title,
      subtitle: { kind: "text", label: "Subtitle" },
      points: { kind: "list", label: "Points", itemLabel: "Point" },
    },
  },
  nutrition_strategies: {
    page: "Fitness",
    publicPath: "/fitness#nutrition",
    name: "Nutrition Strategy",
    singular: "nutrition strategy",
    slug: "nutrition-strategies",
    iconSet: "fitness",
    columns: {
      icon,
      title,
      benefits: { kind: "list", label: "Benefits", itemLabel: "Benefit" },
    },
  },
  motivational_sections: {
    page: "Motivational",
    publicPath: "/motivational#inspiration",
    name: "Daily Inspiration",
    singular: "motivational section",
    slug: "motivational",
    iconSet: "motivational",
    columns: { title, description, icon, quote },
  },
} as const satisfies Record<string, SectionEntry>;

export type SectionRegistry = typeof sectionRegistry;
export type SectionTable = keyof SectionRegistry;

/** The tables in the registry's order. */
export const sectionTableNames = Object.keys(
  sectionRegistry,
) as ReadonlyArray<SectionTable>;

/** The public page a table feeds, without the section's anchor: "/about". */
export function sectionPagePath(
  entry: Pick<SectionEntry, "publicPath">,
): string {
  return entry.publicPath.split("#")[0] ?? entry.publicPath;
}

/** The public pages the section tables feed, each once, in the registry's order. */
export const sectionPagePaths: ReadonlyArray<string> = [
  ...new Set(Object.values(sectionRegistry).map(sectionPagePath)),
];

/** A table's columns in the registry's order, with their content-file names. */
export function sectionColumns(
  table: SectionTable,
): Array<[name: string, column: SectionColumn]> {
  return Object.entries(sectionRegistry[table].columns);
}

/** "display_order" → "displayOrder": a content file's column as drizzle names it. */
export type CamelCase<Name extends string> =
  Name extends `${infer Head}_${infer Tail}`
    ? `${Head}${Capitalize<CamelCase<Tail>>}`
    : Name;

export function camelCase<Name extends string>(name: Name): CamelCase<Name> {
  return name.replace(/_([a-z])/g, (_match, letter: string) =>
    letter.toUpperCase(),
  ) as CamelCase<Name>;
}
