// Each detailed category's form as data (docs/CONTENT.md, Posts): hiking,
// concert and travel, a list of fields over the category's own schema (the
// choices come from the schema's enums), and the paths into its details.
import { POST_CATEGORIES } from "~/lib/posts";

import { hikingDetailsSchema, travelDetailsSchema } from "./post-schema";
import type { DetailedCategory } from "./post-schema";

type Choice = { value: string; label: string };

/** One field of a category's details. */
export interface DetailField {
  /** Where the value sits in the details, as the schema's messages name it ('location', 'coordinates.0'). */
  path: string;
  label: string;
  control: "text" | "textarea" | "select" | "number";
  choices?: ReadonlyArray<Choice>;
  min?: number;
  max?: number;
  /** The stored value as the control shows it, and back; text as is by default. */
  show?: (value: unknown) => string;
  read?: (text: string) => unknown;
  wide?: boolean;
}

/** A part of a category's form that is not one field. */
type DetailPart = DetailField | "map" | "highlights";

const choicesOf = (options: readonly string[]): Choice[] =>
  options.map((option) => ({ value: option, label: option }));

/** An empty input is "no number yet" (the schema says what is missing). */
const numberField = (
  path: string,
  label: string,
  min: number,
  max: number,
): DetailField => ({
  path,
  label,
  control: "number",
  min,
  max,
  show: (value) =>
    typeof value === "number" && Number.isFinite(value) ? String(value) : "",
  read: (text) => (text === "" ? Number.NaN : Number(text)),
});

const RATINGS: Choice[] = [
  { value: "", label: "Not rated" },
  ...Array.from({ length: 11 }, (_, index) => {
    const rating = index / 2;
    return {
      value: String(rating),
      label: `${rating} ${rating === 1 ? "star" : "stars"}`,
    };
  }),
];

const highlightShape = travelDetailsSchema.shape.highlights.element.shape;
export const HIGHLIGHT_FIELDS = (index: number): DetailField[] => [
  {
    path: `highlights.${index}.name`,
    label: `Highlight ${index + 1} name`,
    control: "text",
  },
  {
    path: `highlights.${index}.type`,
    label: `Highlight ${index + 1} type`,
    control: "select",
    choices: choicesOf(highlightShape.type.options),
  },
];

/** The fields of each detailed category's form, over its schema. */
export const DETAIL_FORMS: Record<
  DetailedCategory,
  { legend: string; parts: DetailPart[] }
> = {
  [POST_CATEGORIES.hiking]: {
    legend: "Hiking details",
    parts: [
      { path: "location", label: "Location", control: "text" },
      {
        path: "difficulty",
        label: "Difficulty",
        control: "select",
        choices: choicesOf(hikingDetailsSchema.shape.difficulty.options),
      },
      {
        path: "distance",
        label: "Distance (e.g. 8.4 miles)",
        control: "text",
      },
      {
        path: "elevationGain",
        label: "Elevation gain (e.g. 2,100 ft)",
        control: "text",
      },
    ],
  },
  [POST_CATEGORIES.music]: {
    legend: "Concert details",
    parts: [
      {
        path: "artist",
        label: "Artist (the title if empty)",
        control: "text",
      },
      { path: "venue", label: "Venue", control: "text" },
      {
        path: "rating",
        label: "Rating (out of 5)",
        control: "select",
        choices: RATINGS,
        show: (value) => (typeof value === "number" ? String(value) : ""),
        read: (text) => (text === "" ? null : Number(text)),
      },
    ],
  },
  [POST_CATEGORIES.travel]: {
    legend: "Travel details",
    parts: [
      {
        path: "status",
        label: "Status (e.g. Visited, Planned)",
        control: "text",
      },
      { path: "location", label: "Location", control: "text" },
      numberField("coordinates.0", "Latitude", -90, 90),
      numberField("coordinates.1", "Longitude", -180, 180),
      "map",
      "highlights",
      { path: "takeaway", label: "Takeaway", control: "textarea", wide: true },
    ],
  },
};

function segments(path: string): string[] {
  return path.split(".");
}

/** The value at `path` ('coordinates.0') in plain objects and arrays. */
export function valueAt(details: unknown, path: string): unknown {
  let current: unknown = details;
  for (const key of segments(path)) {
    if (current === null || typeof current !== "object") return undefined;
    current = (current as Record<string, unknown>)[key];
  }
  return current;
}

/** A copy of `details` with `path` set to `value`; arrays stay arrays. */
export function withValueAt(
  details: unknown,
  path: string,
  value: unknown,
): unknown {
  const [key = "", ...rest] = segments(path);
  const container: unknown =
    details !== null && typeof details === "object" ? details : {};
  const inner =
    rest.length === 0
      ? value
      : withValueAt(
          (container as Record<string, unknown>)[key],
          rest.join("."),
          value,
        );
  if (Array.isArray(container)) {
    const copy: unknown[] = [...container];
    copy[Number(key)] = inner;
    return copy;
  }
  return { ...(container as Record<string, unknown>), [key]: inner };
}
