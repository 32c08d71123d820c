// The details only some categories have (docs/CONTENT.md, Posts): the
// chosen category's fields, and for travel the map and the highlights.
import { lazy, Suspense, useId } from "react";

import { buttonClass } from "~/components/page/styles";
import { useHydrated } from "~/lib/hydrated";
import { HIGHLIGHT_TYPES } from "~/lib/posts";

import { DetailControl } from "./detail-control";
import {
  DETAIL_FORMS,
  HIGHLIGHT_FIELDS,
  valueAt,
  withValueAt,
} from "./detail-forms";
import type { DetailedCategory, TravelDetails } from "./post-schema";
import { labelClass } from "./ui";

// Leaflet loads only when a Travel Log post's details are on screen.
const CoordinatesMap = lazy(() => import("./coordinates-map"));
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
