// One field of a category's details, drawn by its kind of control, with its
// label and the schema's message.
import { useId } from "react";
import type { ReactNode } from "react";

import type { DetailField } from "./detail-forms";
import { errorTextClass, fieldClass, labelClass } from "./ui";

export function DetailControl({
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
