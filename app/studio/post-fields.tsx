// The edit screen's small parts: a labelled text field with its hint and
// error, the save status line, and the form that picks when to publish.
import { useId, useState } from "react";
import type { ReactNode } from "react";

import { buttonClass } from "~/components/page/styles";

import { Moment } from "./moment";
import type { SaveStatus } from "./post-editor-state";
import { describedBy, FieldNotes } from "./field-notes";
import { errorTextClass, fieldClass, labelClass } from "./ui";

export function SaveStatusLine({ status }: { status: SaveStatus }) {
  let text: ReactNode;
  switch (status.kind) {
    case "saved":
      text = (
        <>
          Saved <Moment iso={status.at} />
        </>
      );
      break;
    case "new":
      text = "Not stored yet: the post is saved once you write something.";
      break;
    case "saving":
      text = "Saving...";
      break;
    case "unsaved":
      text = "Unsaved changes";
      break;
    case "failed":
      text = status.message;
  }
  return (
    <p
      role="status"
      className={`text-sm ${status.kind === "failed" ? "text-rose-300" : "text-slate-300"}`}
    >
      {text}
    </p>
  );
}

export function ScheduleForm({
  id,
  error,
  onSchedule,
}: {
  id: string;
  error: string | undefined;
  onSchedule(iso: string): void;
}) {
  const inputId = useId();
  const [value, setValue] = useState(() => {
    // The start of the minute after next (one to two minutes away, so it is
    // still ahead when the owner presses Schedule), in their own time zone.
    const soon = new Date(Math.ceil((Date.now() + 60_000) / 60_000) * 60_000);
    const local = new Date(soon.getTime() - soon.getTimezoneOffset() * 60_000);
    return local.toISOString().slice(0, 16);
  });
  return (
    <div id={id} className="rounded-lg border border-white/10 p-3">
      <label htmlFor={inputId} className={labelClass}>
        Publish at (your time)
      </label>
      <input
        id={inputId}
        type="datetime-local"
        value={value}
        onChange={(event) => setValue(event.target.value)}
        className={fieldClass}
      />
      {error ? <p className={errorTextClass}>{error}</p> : null}
      <button
        type="button"
        onClick={() => {
          const at = new Date(value);
          if (!Number.isNaN(at.getTime())) onSchedule(at.toISOString());
        }}
        className={`${buttonClass("primary", "sm")} mt-3 w-full`}
      >
        Schedule
      </button>
    </div>
  );
}

export function TextField({
  label,
  value,
  onChange,
  error,
  hint,
  type = "text",
  multiline = false,
  large = false,
  list,
}: {
  label: string;
  value: string;
  onChange(value: string): void;
  error?: string | undefined;
  hint?: string;
  type?: "text" | "date";
  multiline?: boolean;
  large?: boolean;
  list?: string[];
}) {
  const id = useId();
  const shared = {
    id,
    value,
    "aria-invalid": error !== undefined,
    "aria-describedby": describedBy(id, hint, error),
    className: `${fieldClass}${large ? " font-serif text-2xl" : ""}`,
  };
  return (
    <div>
      <label htmlFor={id} className={labelClass}>
        {label}
      </label>
      {multiline ? (
        <textarea
          {...shared}
          rows={3}
          onChange={(event) => onChange(event.target.value)}
        />
      ) : (
        <input
          {...shared}
          type={type}
          list={list ? `${id}-list` : undefined}
          onChange={(event) => onChange(event.target.value)}
        />
      )}
      {list ? (
        <datalist id={`${id}-list`}>
          {list.map((option) => (
            <option key={option} value={option} />
          ))}
        </datalist>
      ) : null}
      <FieldNotes id={id} hint={hint} error={error} />
    </div>
  );
}
