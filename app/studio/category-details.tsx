// The details only some categories have (docs/CONTENT.md, Posts), each drawn from its own
// schema's shape: hiking, concert and travel.
import { useId } from "react";
import type { ReactNode } from "react";

import { buttonClass } from "~/components/page/styles";
import {
  HIGHLIGHT_TYPES,
  HIKING_DIFFICULTIES,
  POST_CATEGORIES,
} from "~/lib/posts";

import type {
  ConcertDetails,
  HikingDetails,
  TravelDetails,
} from "./post-schema";
import { errorTextClass, fieldClass, labelClass } from "./ui";

interface DetailsProps<T> {
  value: T;
  onChange(value: T): void;
  /** Messages keyed by field ('location', 'coordinates.0', ...). */
  errors: Record<string, string>;
}

function Field({
  label,
  error,
  children,
}: {
  label: string;
  error?: string | undefined;
  children: (props: {
    id: string;
    "aria-invalid": boolean;
    "aria-describedby": string | undefined;
  }) => ReactNode;
}) {
  const id = useId();
  const errorId = `${id}-error`;
  return (
    <div>
      <label htmlFor={id} className={labelClass}>
        {label}
      </label>
      {children({
        id,
        "aria-invalid": error !== undefined,
        "aria-describedby": error ? errorId : undefined,
      })}
      {error ? (
        <p id={errorId} className={errorTextClass}>
          {error}
        </p>
      ) : null}
    </div>
  );
}

function Fieldset({
  legend,
  children,
}: {
  legend: string;
  children: ReactNode;
}) {
  return (
    <fieldset className="rounded-xl border border-white/10 bg-white/[0.03] p-4">
      <legend className="px-1 font-semibold text-white">{legend}</legend>
      <div className="mt-2 grid gap-4 sm:grid-cols-2">{children}</div>
    </fieldset>
  );
}

function HikingFields({
  value,
  onChange,
  errors,
}: DetailsProps<HikingDetails>) {
  const set = <K extends keyof HikingDetails>(key: K, next: HikingDetails[K]) =>
    onChange({ ...value, [key]: next });
  return (
    <Fieldset legend="Hiking details">
      <Field label="Location" error={errors.location}>
        {(props) => (
          <input
            {...props}
            value={value.location}
            onChange={(event) => set("location", event.target.value)}
            className={fieldClass}
          />
        )}
      </Field>
      <Field label="Difficulty" error={errors.difficulty}>
        {(props) => (
          <select
            {...props}
            value={value.difficulty}
            onChange={(event) =>
              set(
                "difficulty",
                event.target.value as HikingDetails["difficulty"],
              )
            }
            className={fieldClass}
          >
            {HIKING_DIFFICULTIES.map((difficulty) => (
              <option key={difficulty}>{difficulty}</option>
            ))}
          </select>
        )}
      </Field>
      <Field label="Distance (e.g. 8.4 miles)" error={errors.distance}>
        {(props) => (
          <input
            {...props}
            value={value.distance}
            onChange={(event) => set("distance", event.target.value)}
            className={fieldClass}
          />
        )}
      </Field>
      <Field
        label="Elevation gain (e.g. 2,100 ft)"
        error={errors.elevationGain}
      >
        {(props) => (
          <input
            {...props}
            value={value.elevationGain}
            onChange={(event) => set("elevationGain", event.target.value)}
            className={fieldClass}
          />
        )}
      </Field>
    </Fieldset>
  );
}

const RATINGS = Array.from({ length: 11 }, (_, index) => index / 2);

function ConcertFields({
  value,
  onChange,
  errors,
}: DetailsProps<ConcertDetails>) {
  return (
    <Fieldset legend="Concert details">
      <Field label="Artist (the title if empty)" error={errors.artist}>
        {(props) => (
          <input
            {...props}
            value={value.artist}
            onChange={(event) =>
              onChange({ ...value, artist: event.target.value })
            }
            className={fieldClass}
          />
        )}
      </Field>
      <Field label="Venue" error={errors.venue}>
        {(props) => (
          <input
            {...props}
            value={value.venue}
            onChange={(event) =>
              onChange({ ...value, venue: event.target.value })
            }
            className={fieldClass}
          />
        )}
      </Field>
      <Field label="Rating (out of 5)" error={errors.rating}>
        {(props) => (
          <select
            {...props}
            value={value.rating === null ? "" : String(value.rating)}
            onChange={(event) =>
              onChange({
                ...value,
                rating:
                  event.target.value === "" ? null : Number(event.target.value),
              })
            }
            className={fieldClass}
          >
            <option value="">Not rated</option>
            {RATINGS.map((rating) => (
              <option key={rating} value={String(rating)}>
                {rating} {rating === 1 ? "star" : "stars"}
              </option>
            ))}
          </select>
        )}
      </Field>
    </Fieldset>
  );
}

function TravelFields({
  value,
  onChange,
  errors,
}: DetailsProps<TravelDetails>) {
  const set = <K extends keyof TravelDetails>(key: K, next: TravelDetails[K]) =>
    onChange({ ...value, [key]: next });
  const setCoordinate = (index: 0 | 1, text: string) => {
    const next: [number, number] = [...value.coordinates];
    next[index] = text === "" ? Number.NaN : Number(text);
    set("coordinates", next);
  };
  return (
    <Fieldset legend="Travel details">
      <Field label="Status (e.g. Visited, Planned)" error={errors.status}>
        {(props) => (
          <input
            {...props}
            value={value.status}
            onChange={(event) => set("status", event.target.value)}
            className={fieldClass}
          />
        )}
      </Field>
      <Field label="Location" error={errors.location}>
        {(props) => (
          <input
            {...props}
            value={value.location}
            onChange={(event) => set("location", event.target.value)}
            className={fieldClass}
          />
        )}
      </Field>
      <Field label="Latitude" error={errors["coordinates.0"]}>
        {(props) => (
          <input
            {...props}
            type="number"
            step="any"
            min={-90}
            max={90}
            value={
              Number.isNaN(value.coordinates[0]) ? "" : value.coordinates[0]
            }
            onChange={(event) => setCoordinate(0, event.target.value)}
            className={fieldClass}
          />
        )}
      </Field>
      <Field label="Longitude" error={errors["coordinates.1"]}>
        {(props) => (
          <input
            {...props}
            type="number"
            step="any"
            min={-180}
            max={180}
            value={
              Number.isNaN(value.coordinates[1]) ? "" : value.coordinates[1]
            }
            onChange={(event) => setCoordinate(1, event.target.value)}
            className={fieldClass}
          />
        )}
      </Field>
      <div className="sm:col-span-2">
        <Highlights
          value={value.highlights}
          onChange={(highlights) => set("highlights", highlights)}
          errors={errors}
        />
      </div>
      <div className="sm:col-span-2">
        <Field label="Takeaway" error={errors.takeaway}>
          {(props) => (
            <textarea
              {...props}
              rows={3}
              value={value.takeaway}
              onChange={(event) => set("takeaway", event.target.value)}
              className={fieldClass}
            />
          )}
        </Field>
      </div>
    </Fieldset>
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
    <div role="group" aria-labelledby={headingId}>
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
            <Field
              label={`Highlight ${index + 1} name`}
              error={errors[`highlights.${index}.name`]}
            >
              {(props) => (
                <input
                  {...props}
                  value={highlight.name}
                  onChange={(event) =>
                    onChange(
                      value.map((each, at) =>
                        at === index
                          ? { ...each, name: event.target.value }
                          : each,
                      ),
                    )
                  }
                  className={fieldClass}
                />
              )}
            </Field>
            <Field label={`Highlight ${index + 1} type`}>
              {(props) => (
                <select
                  {...props}
                  value={highlight.type}
                  onChange={(event) =>
                    onChange(
                      value.map((each, at) =>
                        at === index
                          ? {
                              ...each,
                              type: event.target
                                .value as TravelDetails["highlights"][number]["type"],
                            }
                          : each,
                      ),
                    )
                  }
                  className={fieldClass}
                >
                  {HIGHLIGHT_TYPES.map((type) => (
                    <option key={type}>{type}</option>
                  ))}
                </select>
              )}
            </Field>
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
  category: string;
  value: unknown;
  onChange(value: unknown): void;
  errors: Record<string, string>;
}) {
  // Messages for details arrive as 'meta.location'; each form reads 'location'.
  const detailErrors = Object.fromEntries(
    Object.entries(errors)
      .filter(([key]) => key.startsWith("meta."))
      .map(([key, message]) => [key.slice(5), message]),
  );
  switch (category) {
    case POST_CATEGORIES.hiking:
      return (
        <HikingFields
          value={value as HikingDetails}
          onChange={onChange}
          errors={detailErrors}
        />
      );
    case POST_CATEGORIES.music:
      return (
        <ConcertFields
          value={value as ConcertDetails}
          onChange={onChange}
          errors={detailErrors}
        />
      );
    case POST_CATEGORIES.travel:
      return (
        <TravelFields
          value={value as TravelDetails}
          onChange={onChange}
          errors={detailErrors}
        />
      );
    default:
      return null;
  }
}
