// The repeatable fields of a section row's form: a list of lines, and
// details (an icon and a text each). Without JavaScript a blank row at the
// end is how a row is added; with it, rows are added, removed and moved.
import { useId, useState } from "react";

import { useHydrated } from "~/lib/hydrated";
import { ContentIcon, iconSets } from "~/lib/icons";

import { describedBy, FieldNotes } from "./field-notes";
import { asText } from "./section-field";
import type { FieldProps } from "./section-field";
import { errorTextClass, fieldClass, labelClass } from "./ui";

const smallButton =
  "rounded-md border border-white/15 px-2.5 py-1 text-xs font-semibold text-slate-200 hover:border-white/40 hover:bg-white/5 disabled:opacity-40";

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

export function ListField({ field, value, error, errors }: FieldProps) {
  const id = useId();
  const hydrated = useHydrated();
  const initial = Array.isArray(value) ? value.map(asText) : [];
  const { rows, add, remove, move, change } = useRows(initial, "");
  const itemLabel = field.kind === "list" ? field.itemLabel : field.label;
  const hint = `One ${itemLabel.toLowerCase()} a line; empty lines are left out.`;
  return (
    <fieldset aria-describedby={describedBy(id, hint, error)}>
      <legend className={labelClass}>{field.label}</legend>
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
      <FieldNotes id={id} hint={hint} error={error} />
    </fieldset>
  );
}

interface Detail {
  icon: string;
  text: string;
}

const detailsHint =
  "Each detail is an icon and a short text (a date, a place, who it is for).";

export function DetailsField({
  field,
  value,
  error,
  errors,
  iconSet,
}: FieldProps) {
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
    <fieldset aria-describedby={describedBy(id, detailsHint, error)}>
      <legend className={labelClass}>{field.label}</legend>
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
      <FieldNotes id={id} hint={detailsHint} error={error} />
    </fieldset>
  );
}
