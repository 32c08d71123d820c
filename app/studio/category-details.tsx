// The details only some categories have (docs/CONTENT.md, Posts): hiking,
// concert and travel. Each category's form is a list of fields over its own
// schema (the choices come from the schema's enums); one control draws every
// field.
import { lazy, Suspense, useId } from "react";
import type { ReactNode } from "react";

import { buttonClass } from "~/components/page/styles";
import { useHydrated } from "~/lib/hydrated";
import { HIGHLIGHT_TYPES, POST_CATEGORIES } from "~/lib/posts";

import { hikingDetailsSchema, travelDetailsSchema } from "./post-schema";
import type { DetailedCategory, TravelDetails } from "./post-schema";
import { errorTextClass, fieldClass, labelClass } from "./ui";

// Leaflet loads only when a Travel Log post's details are on screen.
const CoordinatesMap = lazy(() => import("./coordinates-map"));

type Choice = { value: string; label: string };

/** One field of a category's details. */
interface DetailField {
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

const HIGHLIGHT_FIELDS = (index: number): DetailField[] => [
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

function DetailControl({
  field,
  value,
  error,
  onChange,
}: {
  field: DetailField;
  value: unknown;
  error: string | undefined;
  onChange(value: unknown): void;
}) {
  const id = useId();
  const errorId = `${id}-error`;
  const shared = {
    id,
    "aria-invalid": error !== undefined,
    "aria-describedby": error ? errorId : undefined,
    value: field.show
      ? field.show(value)
      : typeof value === "string"
        ? value
        : "",
    className: fieldClass,
    onChange: (event: { target: { value: string } }) =>
      onChange(
        field.read ? field.read(event.target.value) : event.target.value,
      ),
  };
  let control: ReactNode;
  switch (field.control) {
    case "select":
      control = (
        <select {...shared}>
          {(field.choices ?? []).map((choice) => (
            <option key={choice.value} value={choice.value}>
              {choice.label}
            </option>
          ))}
        </select>
      );
      break;
    case "textarea":
      control = <textarea {...shared} rows={3} />;
      break;
    case "number":
      control = (
        <input
          {...shared}
          type="number"
          step="any"
          min={field.min}
          max={field.max}
        />
      );
      break;
    case "text":
      control = <input {...shared} />;
  }
  return (
    <div className={field.wide ? "sm:col-span-2" : undefined}>
      <label htmlFor={id} className={labelClass}>
        {field.label}
      </label>
      {control}
      {error ? (
        <p id={errorId} className={errorTextClass}>
          {error}
        </p>
      ) : null}
    </div>
  );
}

function CoordinatesPicker({
  value,
  onChange,
}: {
  value: [number, number];
  onChange(value: [number, number]): void;
}) {
  const mounted = useHydrated();
  const hintId = useId();
  const placeholder = (
    <div className="flex h-full items-center justify-center text-sm text-slate-400">
      Loading the map...
    </div>
  );
  return (
    <div className="sm:col-span-2">
      <p id={hintId} className="text-sm text-slate-300">
        Click the map to set the latitude and longitude, or type them above.
      </p>
      <div
        role="group"
        aria-label="Map for choosing the coordinates"
        aria-describedby={hintId}
        className="mt-2 h-64 overflow-hidden rounded-xl border border-white/10 bg-slate-900"
      >
        {mounted ? (
          <Suspense fallback={placeholder}>
            <CoordinatesMap value={value} onPick={onChange} />
          </Suspense>
        ) : (
          placeholder
        )}
      </div>
    </div>
  );
}

function Highlights({
  value,
  onChange,
  errors,
}: {
  value: TravelDetails["highlights"];
  onChange(next: TravelDetails["highlights"]): void;
  errors: Record<string, string>;
}) {
  const headingId = useId();
  return (
    <div role="group" aria-labelledby={headingId} className="sm:col-span-2">
      <p id={headingId} className={labelClass}>
        Highlights
      </p>
      <ul className="mt-2 space-y-3">
        {value.map((highlight, index) => (
          <li
            // The list is edited in place; positions are the highlights' identity here.
            key={index}
            className="grid gap-2 sm:grid-cols-[2fr_1.5fr_auto] sm:items-end"
          >
            {HIGHLIGHT_FIELDS(index).map((field) => (
              <DetailControl
                key={field.path}
                field={field}
                value={valueAt({ highlights: value }, field.path)}
                error={errors[field.path]}
                onChange={(next) =>
                  onChange(
                    (
                      withValueAt({ highlights: value }, field.path, next) as {
                        highlights: TravelDetails["highlights"];
                      }
                    ).highlights,
                  )
                }
              />
            ))}
            <button
              type="button"
              onClick={() => onChange(value.filter((_, at) => at !== index))}
              className={buttonClass("danger", "sm")}
            >
              Remove<span className="sr-only"> highlight {index + 1}</span>
            </button>
          </li>
        ))}
      </ul>
      <button
        type="button"
        onClick={() =>
          onChange([...value, { name: "", type: HIGHLIGHT_TYPES[0] }])
        }
        className={`${buttonClass("secondary", "sm")} mt-3`}
      >
        Add a highlight
      </button>
    </div>
  );
}

/** Only the chosen category's details; nothing for a category without any. */
export function CategoryDetails({
  category,
  value,
  onChange,
  errors,
}: {
  category: DetailedCategory;
  value: unknown;
  onChange(value: unknown): void;
  errors: Record<string, string>;
}) {
  const form = DETAIL_FORMS[category];
  // Messages for details arrive as 'meta.location'; the fields read 'location'.
  const detailErrors = Object.fromEntries(
    Object.entries(errors)
      .filter(([key]) => key.startsWith("meta."))
      .map(([key, message]) => [key.slice(5), message]),
  );
  return (
    <fieldset className="rounded-xl border border-white/10 bg-white/[0.03] p-4">
      <legend className="px-1 font-semibold text-white">{form.legend}</legend>
      <div className="mt-2 grid gap-4 sm:grid-cols-2">
        {form.parts.map((part) => {
          if (part === "map") {
            return (
              <CoordinatesPicker
                key="map"
                value={(value as TravelDetails).coordinates}
                onChange={(coordinates) =>
                  onChange(withValueAt(value, "coordinates", coordinates))
                }
              />
            );
          }
          if (part === "highlights") {
            return (
              <Highlights
                key="highlights"
                value={(value as TravelDetails).highlights}
                errors={detailErrors}
                onChange={(highlights) =>
                  onChange(withValueAt(value, "highlights", highlights))
                }
              />
            );
          }
          return (
            <DetailControl
              key={part.path}
              field={part}
              value={valueAt(value, part.path)}
              error={detailErrors[part.path]}
              onChange={(next) => onChange(withValueAt(value, part.path, next))}
            />
          );
        })}
      </div>
    </fieldset>
  );
}
