// The purpose-built fields of a section row's form, one per field kind of
// the table's config (app/studio/sections.ts). Every field posts plain form
// values, so the form saves without JavaScript; with it, list rows can be
// added, removed and moved (section-list-fields.tsx), and previews follow
// what the owner types.
import { useId, useState } from "react";

import { DEFAULT_JOURNEY_BORDER, splitParagraphs } from "~/lib/content";
import { ContentIcon, iconSets } from "~/lib/icons";

import { describedBy, FieldNotes } from "./field-notes";
import { asText } from "./section-field";
import type { FieldProps } from "./section-field";
import { DetailsField, ListField } from "./section-list-fields";
import { journeyPalette } from "./sections";
import type { FieldErrors, SectionConfig } from "./sections";
import { fieldClass, hintClass, labelClass } from "./ui";

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
  const shared = {
    id,
    name: field.name,
    defaultValue: asText(value),
    required: true,
    "aria-invalid": error ? true : undefined,
    "aria-describedby": describedBy(id, undefined, error),
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
      <FieldNotes id={id} error={error} />
    </div>
  );
}

const paragraphsHint = "A blank line starts a new paragraph.";

function ParagraphsField({ field, value, error }: FieldProps) {
  const id = useId();
  const [text, setText] = useState(asText(value));
  const paragraphs = splitParagraphs(text);
  return (
    <div>
      <label htmlFor={id} className={labelClass}>
        {field.label}
      </label>
      <textarea
        id={id}
        name={field.name}
        rows={10}
        required
        value={text}
        onChange={(event) => setText(event.target.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, paragraphsHint, error)}
        className={fieldClass}
      />
      <FieldNotes id={id} hint={paragraphsHint} error={error} />
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
      <FieldNotes id={id} error={error} />
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
    <fieldset aria-describedby={describedBy(id, undefined, error)}>
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
      <FieldNotes id={id} error={error} />
    </fieldset>
  );
}
