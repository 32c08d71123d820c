// The 13 section tables as the studio edits them (docs/decisions/021): each
// table's entry in database/sections.ts says which public page it feeds,
// which icons its area accepts and what each column holds, and from that
// comes the purpose-built field that edits it. The screens, the form parsing
// and the server's checks are all driven by these configs, and each table's
// schema extends the content import's (database/content-schemas) so a row
// the studio writes is one the import would accept too.
import { z } from "zod";

import { sectionSchemas } from "~database/content-schemas";
import { sectionColumns, sectionRegistry } from "~database/sections";
import type { SectionColumn, SectionTable } from "~database/sections";
import { DEFAULT_JOURNEY_BORDER, plainCssColour } from "~/lib/content";
import { iconSets } from "~/lib/icon-names";
import type { IconSet } from "~/lib/icon-names";

export type { SectionTable };

export type SectionField =
  | { kind: "text"; name: string; label: string }
  | { kind: "textarea"; name: string; label: string }
  | { kind: "paragraphs"; name: string; label: string }
  | { kind: "icon"; name: "icon"; label: string }
  | { kind: "list"; name: string; label: string; itemLabel: string }
  | { kind: "details"; name: "details"; label: string }
  | { kind: "colour"; name: "border_color"; label: string };

export interface SectionConfig {
  table: SectionTable;
  /** The table's address in the studio: /studio/pages/<slug>. */
  slug: string;
  /** The list's name on the public page. */
  name: string;
  /** One row, as the buttons say it ("Add a core value"). */
  singular: string;
  /** The public page and section it feeds. */
  page: string;
  publicPath: string;
  /** The icons its area accepts (icon and event detail fields). */
  iconSet: IconSet | null;
  fields: ReadonlyArray<SectionField>;
}

function fieldOf(name: string, column: SectionColumn): SectionField {
  switch (column.kind) {
    case "list":
      return { ...column, name };
    case "icon":
      return { kind: "icon", name: "icon", label: column.label };
    case "details":
      return { kind: "details", name: "details", label: column.label };
    case "colour":
      return { kind: "colour", name: "border_color", label: column.label };
    default:
      return { kind: column.kind, name, label: column.label };
  }
}

/** The form shows the columns in the table's order, the icon picker (a large grid) last. */
function fieldsOf(table: SectionTable): SectionField[] {
  const fields = sectionColumns(table).map(([name, column]) =>
    fieldOf(name, column),
  );
  return [
    ...fields.filter((field) => field.kind !== "icon"),
    ...fields.filter((field) => field.kind === "icon"),
  ];
}

const configs: ReadonlyArray<SectionConfig> = (
  Object.keys(sectionRegistry) as SectionTable[]
).map((table) => {
  const entry = sectionRegistry[table];
  return {
    table,
    slug: entry.slug,
    name: entry.name,
    singular: entry.singular,
    page: entry.page,
    publicPath: entry.publicPath,
    // The registry names the set; here it must be one the site draws.
    iconSet: entry.iconSet satisfies IconSet | null,
    fields: fieldsOf(table),
  };
});

export const sectionConfigs = Object.fromEntries(
  configs.map((config) => [config.table, config]),
) as Record<SectionTable, SectionConfig>;

/** The studio's Pages screen: the tables grouped by the public page they feed, in the registry's order. */
export const sectionPages: ReadonlyArray<{
  name: string;
  path: string;
  tables: ReadonlyArray<SectionTable>;
}> = [...new Set(configs.map((config) => config.page))].map((page) => {
  const tables = configs.filter((config) => config.page === page);
  return {
    name: page,
    path: tables[0]?.publicPath.split("#")[0] ?? "/",
    tables: tables.map((config) => config.table),
  };
});

/** The row address of the add form: /studio/pages/<slug>/new. */
export const NEW_ROW = "new";

/** Whether a route's `:id` can name a row (any other id is a 404, not a query). */
export const isSectionRowId = (id: string | undefined): id is string =>
  z.guid().safeParse(id).success;

export function sectionConfigBySlug(
  slug: string | undefined,
): SectionConfig | null {
  return configs.find((config) => config.slug === slug) ?? null;
}

/** The journey borders the About page draws (its default green first). */
export const journeyPalette: ReadonlyArray<{ name: string; value: string }> = [
  { name: "Green", value: DEFAULT_JOURNEY_BORDER },
  { name: "Amber", value: "#f59e0b" },
  { name: "Sky", value: "#38bdf8" },
  { name: "Violet", value: "#a78bfa" },
  { name: "Rose", value: "#fb7185" },
];

/** A row's editable values, by column name (snake_case, as in content files). */
export type SectionValues = Record<string, unknown>;

function iconChoice(set: IconSet) {
  return z.enum(iconSets[set], {
    error: "Choose one of the icons shown.",
  });
}

function formSchemaFor(config: SectionConfig): z.ZodType<SectionValues> {
  const base = (sectionSchemas[config.table] as z.ZodObject).omit({
    display_order: true,
  });
  const overrides: Record<string, z.ZodType> = {};
  for (const field of config.fields) {
    if (field.kind === "icon" && config.iconSet) {
      overrides.icon = iconChoice(config.iconSet);
    } else if (field.kind === "details" && config.iconSet) {
      overrides.details = z.array(
        z.strictObject({
          icon: iconChoice(config.iconSet),
          text: z.string().trim().min(1),
        }),
      );
    } else if (field.kind === "colour") {
      // Empty means the default green, as on the public page.
      overrides.border_color = z
        .string()
        .trim()
        .regex(plainCssColour, "Choose one of the colours shown.")
        .optional();
    }
  }
  return base.extend(overrides);
}

/** One schema per table, shared by the form and the server. */
export const sectionFormSchemas = Object.fromEntries(
  configs.map((config) => [config.table, formSchemaFor(config)]),
) as Record<SectionTable, z.ZodType<SectionValues>>;

/** Field errors by path ("title", "points.1", "details.0.text"). */
export type FieldErrors = Record<string, string>;

/**
 * Field errors as sentences naming the field the way the form labels it
 * ("Point 2", "Detail 1 icon"), for a screen that shows them away from the
 * form (the preview tab).
 */
export function describeFieldErrors(
  config: SectionConfig,
  errors: FieldErrors,
): Array<{ path: string; label: string; message: string }> {
  return Object.entries(errors).map(([path, message]) => {
    const [name, index, part] = path.split(".");
    const field = config.fields.find((candidate) => candidate.name === name);
    const position = Number(index) + 1;
    let label = field?.label ?? "The form";
    if (field?.kind === "list" && Number.isInteger(position)) {
      label = `${field.itemLabel} ${position}`;
    } else if (field?.kind === "details" && Number.isInteger(position)) {
      label = `Detail ${position}${part ? ` ${part}` : ""}`;
    }
    return { path, label, message };
  });
}

/** Validates a row's values with its table's schema, with messages an owner can act on. */
export function checkSectionValues(
  table: SectionTable,
  values: unknown,
): { ok: true; values: SectionValues } | { ok: false; errors: FieldErrors } {
  const result = sectionFormSchemas[table].safeParse(values, {
    error: (issue) =>
      issue.code === "too_small"
        ? "Write something here."
        : issue.code === "invalid_type"
          ? "This is missing."
          : undefined,
  });
  if (result.success) return { ok: true, values: result.data };
  const errors: FieldErrors = {};
  for (const issue of result.error.issues) {
    const path = issue.path.length ? issue.path.join(".") : "form";
    errors[path] ??= issue.message;
  }
  return { ok: false, errors };
}

/**
 * A posted form's values for a table: repeated inputs become lists, blank
 * list items are dropped (an empty "add" row is not a point), and an event
 * detail is an icon and a text posted side by side.
 */
export function sectionValuesFromForm(
  config: SectionConfig,
  form: FormData,
): SectionValues {
  const text = (name: string) => {
    const value = form.get(name);
    return typeof value === "string" ? value : "";
  };
  const texts = (name: string) =>
    form.getAll(name).map((value) => (typeof value === "string" ? value : ""));
  const values: SectionValues = {};
  for (const field of config.fields) {
    if (field.kind === "list") {
      values[field.name] = texts(field.name).filter((item) => item.trim());
    } else if (field.kind === "details") {
      const icons = texts("details.icon");
      values.details = texts("details.text")
        .map((detail, index) => ({ icon: icons[index] ?? "", text: detail }))
        .filter((detail) => detail.text.trim() || detail.icon);
    } else if (field.kind === "colour") {
      const colour = text(field.name).trim();
      if (colour) values[field.name] = colour;
    } else {
      values[field.name] = text(field.name);
    }
  }
  return values;
}
