// The purpose-built fields of a section row's form, one per field kind of
// the table's config (app/studio/sections.ts). Every field posts plain form
// values, so the form saves without JavaScript; with it, list rows can be
// added, removed and moved, and previews follow what the owner types.
import { useId, useState } from "react";

import { DEFAULT_JOURNEY_BORDER, splitParagraphs } from "~/lib/content";
import { useHydrated } from "~/lib/hydrated";
import { ContentIcon, iconSets } from "~/lib/icons";
import type { IconSet } from "~/lib/icons";

import { journeyPalette } from "./sections";
import type { FieldErrors, SectionConfig, SectionField } from "./sections";
import { errorTextClass, fieldClass, hintClass, labelClass } from "./ui";

const smallButton =
  "rounded-md border border-white/15 px-2.5 py-1 text-xs font-semibold text-slate-200 hover:border-white/40 hover:bg-white/5 disabled:opacity-40";

interface FieldProps {
  field: SectionField;
  value: unknown;
  error: string | undefined;
  errors: FieldErrors;
  iconSet: IconSet | null;
}

function asText(value: unknown): string {
  return typeof value === "string" ? value : "";
}

function FieldError({ id, error }: { id: string; error: string | undefined }) {
  return error ? (
    <p id={id} className={errorTextClass}>
      {error}
    </p>
  ) : null;
}

export function SectionFields({
  config,
  values,
  errors,
}: {
  config: SectionConfig;
  values: Record<string, unknown>;
  errors: FieldErrors;
}) {
  return (
    <div className="space-y-6">
      {config.fields.map((field) => (
        <SectionFieldInput
          key={field.name}
          field={field}
          value={values[field.name]}
          error={errors[field.name]}
          errors={errors}
          iconSet={config.iconSet}
        />
      ))}
    </div>
  );
}

function SectionFieldInput(props: FieldProps) {
  const { field } = props;
  switch (field.kind) {
    case "text":
    case "textarea":
      return <TextField {...props} />;
    case "paragraphs":
      return <ParagraphsField {...props} />;
    case "icon":
      return <IconField {...props} />;
    case "list":
      return <ListField {...props} />;
    case "details":
      return <DetailsField {...props} />;
    case "colour":
      return <ColourField {...props} />;
  }
}

function TextField({ field, value, error }: FieldProps) {
  const id = useId();
  const errorId = `${id}-error`;
  const shared = {
    id,
    name: field.name,
    defaultValue: asText(value),
    required: true,
    "aria-invalid": error ? true : undefined,
    "aria-describedby": error ? errorId : undefined,
    className: fieldClass,
  };
  return (
    <div>
      <label htmlFor={id} className={labelClass}>
        {field.label}
      </label>
      {field.kind === "textarea" ? (
        <textarea rows={3} {...shared} />
      ) : (
        <input type="text" {...shared} />
      )}
      <FieldError id={errorId} error={error} />
    </div>
  );
}

function ParagraphsField({ field, value, error }: FieldProps) {
  const id = useId();
  const [text, setText] = useState(asText(value));
  const paragraphs = splitParagraphs(text);
  return (
    <div>
      <label htmlFor={id} className={labelClass}>
        {field.label}
      </label>
      <p id={`${id}-hint`} className={hintClass}>
        A blank line starts a new paragraph.
      </p>
      <textarea
        id={id}
        name={field.name}
        rows={10}
        required
        value={text}
        onChange={(event) => setText(event.target.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={`${id}-hint${error ? ` ${id}-error` : ""}`}
        className={fieldClass}
      />
      <FieldError id={`${id}-error`} error={error} />
      <details className="mt-2 text-sm text-slate-300">
        <summary className="cursor-pointer">
          As visitors will see it:{" "}
          {paragraphs.length === 1
            ? "1 paragraph"
            : `${paragraphs.length} paragraphs`}
        </summary>
        <div className="mt-2 space-y-2 border-l-2 border-white/15 pl-3">
          {paragraphs.map((paragraph, index) => (
            <p key={index}>{paragraph}</p>
          ))}
        </div>
      </details>
    </div>
  );
}

function IconField({ field, value, error, iconSet }: FieldProps) {
  const id = useId();
  const [chosen, setChosen] = useState(asText(value));
  if (!iconSet) return null;
  const names: ReadonlyArray<string> = iconSets[iconSet];
  // A name set by SQL or the import may be outside the set: the page draws
  // the default icon for it, and the owner must pick one to save the row.
  const unknown = chosen !== "" && !names.includes(chosen);
  const describedBy = [unknown && `${id}-unknown`, error && `${id}-error`]
    .filter(Boolean)
    .join(" ");
  return (
    <fieldset
      aria-describedby={describedBy || undefined}
      aria-invalid={error ? true : undefined}
    >
      <legend className={labelClass}>{field.label}</legend>
      {unknown ? (
        <p id={`${id}-unknown`} className={hintClass}>
          “{chosen}” is not one of these icons, so the page shows the default
          icon. Choose one of them to save.
        </p>
      ) : null}
      <div className="mt-2 flex flex-wrap items-center gap-4">
        <span
          aria-hidden="true"
          className="grid h-14 w-14 place-items-center rounded-xl border border-emerald-400/30 bg-emerald-500/10 text-emerald-300"
        >
          <ContentIcon name={chosen} set={iconSet} className="h-7 w-7" />
        </span>
        <div className="flex flex-wrap gap-2">
          {names.map((name) => (
            <label
              key={name}
              className="flex cursor-pointer items-center gap-2 rounded-lg border border-white/15 px-3 py-2 text-sm text-slate-200 has-[:checked]:border-emerald-400 has-[:checked]:bg-emerald-500/10 has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-emerald-400"
            >
              <input
                type="radio"
                name={field.name}
                value={name}
                defaultChecked={chosen === name}
                onChange={() => setChosen(name)}
                className="sr-only"
              />
              <ContentIcon name={name} set={iconSet} className="h-5 w-5" />
              {name}
            </label>
          ))}
        </div>
      </div>
      <FieldError id={`${id}-error`} error={error} />
    </fieldset>
  );
}

/** Rows of a repeatable input, with stable keys so moving a row moves its element. */
function useRows<T>(initial: T[], blank: T) {
  // One blank row at the end: without JavaScript it is how a row is added.
  const [rows, setRows] = useState(() =>
    [...initial, blank].map((value, key) => ({ key, value })),
  );
  return {
    rows,
    add: () =>
      setRows((current) => [
        ...current,
        {
          key:
            current.reduce((highest, row) => Math.max(highest, row.key), 0) + 1,
          value: blank,
        },
      ]),
    remove: (key: number) =>
      setRows((current) => current.filter((row) => row.key !== key)),
    move: (key: number, delta: number) =>
      setRows((current) => {
        const from = current.findIndex((row) => row.key === key);
        const to = from + delta;
        if (from < 0 || to < 0 || to >= current.length) return current;
        const copy = [...current];
        const [row] = copy.splice(from, 1);
        if (row) copy.splice(to, 0, row);
        return copy;
      }),
    change: (key: number, value: T) =>
      setRows((current) =>
        current.map((row) => (row.key === key ? { key, value } : row)),
      ),
  };
}

function RowButtons({
  label,
  index,
  count,
  onMove,
  onRemove,
}: {
  label: string;
  index: number;
  count: number;
  onMove: (delta: number) => void;
  onRemove: () => void;
}) {
  const hydrated = useHydrated();
  if (!hydrated) return null;
  return (
    <span className="flex gap-1">
      <button
        type="button"
        disabled={index === 0}
        onClick={() => onMove(-1)}
        className={smallButton}
      >
        Up<span className="sr-only"> {label}</span>
      </button>
      <button
        type="button"
        disabled={index === count - 1}
        onClick={() => onMove(1)}
        className={smallButton}
      >
        Down<span className="sr-only"> {label}</span>
      </button>
      <button
        type="button"
        onClick={onRemove}
        className={`${smallButton} text-rose-200`}
      >
        Remove<span className="sr-only"> {label}</span>
      </button>
    </span>
  );
}

function ListField({ field, value, error, errors }: FieldProps) {
  const id = useId();
  const hydrated = useHydrated();
  const initial = Array.isArray(value) ? value.map(asText) : [];
  const { rows, add, remove, move, change } = useRows(initial, "");
  const itemLabel = field.kind === "list" ? field.itemLabel : field.label;
  return (
    <fieldset aria-describedby={`${id}-hint`}>
      <legend className={labelClass}>{field.label}</legend>
      <p id={`${id}-hint`} className={hintClass}>
        One {itemLabel.toLowerCase()} a line; empty lines are left out.
      </p>
      <ol className="mt-2 space-y-2">
        {rows.map((row, index) => {
          const label = `${itemLabel} ${index + 1}`;
          const itemError = errors[`${field.name}.${index}`];
          return (
            <li key={row.key} className="flex flex-wrap items-center gap-2">
              <label htmlFor={`${id}-${row.key}`} className="sr-only">
                {label}
              </label>
              <input
                id={`${id}-${row.key}`}
                type="text"
                name={field.name}
                value={row.value}
                onChange={(event) => change(row.key, event.target.value)}
                aria-invalid={itemError ? true : undefined}
                className={`${fieldClass} mt-0 flex-1`}
              />
              <RowButtons
                label={label}
                index={index}
                count={rows.length}
                onMove={(delta) => move(row.key, delta)}
                onRemove={() => remove(row.key)}
              />
            </li>
          );
        })}
      </ol>
      {hydrated ? (
        <button type="button" onClick={add} className={`${smallButton} mt-2`}>
          Add {itemLabel.toLowerCase()}
        </button>
      ) : null}
      <FieldError id={`${id}-error`} error={error} />
    </fieldset>
  );
}

interface Detail {
  icon: string;
  text: string;
}

function DetailsField({ field, value, error, errors, iconSet }: FieldProps) {
  const id = useId();
  const hydrated = useHydrated();
  const initial: Detail[] = Array.isArray(value)
    ? value.map((detail: unknown) => {
        const record = (detail ?? {}) as Record<string, unknown>;
        return { icon: asText(record.icon), text: asText(record.text) };
      })
    : [];
  const { rows, add, remove, move, change } = useRows<Detail>(initial, {
    icon: "",
    text: "",
  });
  if (!iconSet) return null;
  const names: ReadonlyArray<string> = iconSets[iconSet];
  return (
    <fieldset aria-describedby={`${id}-hint`}>
      <legend className={labelClass}>{field.label}</legend>
      <p id={`${id}-hint`} className={hintClass}>
        Each detail is an icon and a short text (a date, a place, who it is
        for).
      </p>
      <ol className="mt-2 space-y-2">
        {rows.map((row, index) => {
          const label = `Detail ${index + 1}`;
          const iconError = errors[`details.${index}.icon`];
          const textError = errors[`details.${index}.text`];
          return (
            <li key={row.key} className="flex flex-wrap items-center gap-2">
              <span
                aria-hidden="true"
                className="grid h-9 w-9 place-items-center text-emerald-300"
              >
                <ContentIcon
                  name={row.value.icon}
                  set={iconSet}
                  className="h-5 w-5"
                />
              </span>
              <label htmlFor={`${id}-${row.key}-icon`} className="sr-only">
                {label} icon
              </label>
              <select
                id={`${id}-${row.key}-icon`}
                name="details.icon"
                value={row.value.icon}
                onChange={(event) =>
                  change(row.key, { ...row.value, icon: event.target.value })
                }
                aria-invalid={iconError ? true : undefined}
                className={`${fieldClass} mt-0 w-40`}
              >
                <option value="">Choose an icon</option>
                {names.map((name) => (
                  <option key={name} value={name}>
                    {name}
                  </option>
                ))}
              </select>
              <label htmlFor={`${id}-${row.key}-text`} className="sr-only">
                {label} text
              </label>
              <input
                id={`${id}-${row.key}-text`}
                type="text"
                name="details.text"
                value={row.value.text}
                onChange={(event) =>
                  change(row.key, { ...row.value, text: event.target.value })
                }
                aria-invalid={textError ? true : undefined}
                className={`${fieldClass} mt-0 min-w-48 flex-1`}
              />
              <RowButtons
                label={label}
                index={index}
                count={rows.length}
                onMove={(delta) => move(row.key, delta)}
                onRemove={() => remove(row.key)}
              />
              {iconError || textError ? (
                <p className={`${errorTextClass} w-full`}>
                  {label}: {iconError ?? textError}
                </p>
              ) : null}
            </li>
          );
        })}
      </ol>
      {hydrated ? (
        <button type="button" onClick={add} className={`${smallButton} mt-2`}>
          Add detail
        </button>
      ) : null}
      <FieldError id={`${id}-error`} error={error} />
    </fieldset>
  );
}

function ColourField({ field, value, error }: FieldProps) {
  const id = useId();
  const current = asText(value);
  const [chosen, setChosen] = useState(current || DEFAULT_JOURNEY_BORDER);
  const known = journeyPalette.some((colour) => colour.value === current);
  const options =
    current && !known
      ? [...journeyPalette, { name: `Current (${current})`, value: current }]
      : journeyPalette;
  return (
    <fieldset aria-describedby={error ? `${id}-error` : undefined}>
      <legend className={labelClass}>{field.label}</legend>
      <div className="mt-2 flex flex-wrap items-center gap-3">
        {options.map((colour) => (
          <label
            key={colour.value}
            className="flex cursor-pointer items-center gap-2 rounded-lg border border-white/15 px-3 py-2 text-sm text-slate-200 has-[:checked]:border-emerald-400 has-[:checked]:bg-white/5 has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-emerald-400"
          >
            <input
              type="radio"
              name={field.name}
              value={colour.value}
              defaultChecked={chosen === colour.value}
              onChange={() => setChosen(colour.value)}
              className="sr-only"
            />
            <span
              aria-hidden="true"
              className="h-5 w-5 rounded-full"
              style={{ backgroundColor: colour.value }}
            />
            {colour.name}
          </label>
        ))}
      </div>
      <div
        aria-hidden="true"
        className="mt-3 rounded-lg border border-l-4 border-white/10 bg-white/5 px-4 py-2 text-sm text-slate-300"
        style={{ borderLeftColor: chosen }}
      >
        The section&apos;s border
      </div>
      <FieldError id={`${id}-error`} error={error} />
    </fieldset>
  );
}
