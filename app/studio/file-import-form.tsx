import type { ReactNode } from "react";
import { Form, useNavigation } from "react-router";

import { buttonClass } from "~/components/page/styles";

import { fieldClass, hintClass, labelClass } from "./ui";

/**
 * An import's form (the content archive, the newsletter's addresses): the
 * file, the import's own fields, the Import button, and under the form what
 * was wrong with the last file, when anything was (nothing is imported then).
 */
export function FileImportForm({
  id,
  name,
  label,
  accept,
  hint,
  children,
  problemsIntro,
  problems,
}: {
  id: string;
  name: string;
  label: string;
  /** The file chooser's filter: extensions and media types. */
  accept: string;
  hint?: ReactNode;
  /** The import's own fields, between the file and the button. */
  children?: ReactNode;
  /** Says what the listed problems are. */
  problemsIntro: string;
  problems: ReadonlyArray<string>;
}) {
  const navigation = useNavigation();
  const importing =
    navigation.state !== "idle" &&
    navigation.formData?.get("intent") === "import";
  const hintId = hint ? `${id}-hint` : undefined;
  return (
    <>
      <Form
        method="post"
        encType="multipart/form-data"
        className="mt-4 space-y-4"
      >
        <input type="hidden" name="intent" value="import" />
        <div>
          <label htmlFor={id} className={labelClass}>
            {label}
          </label>
          <input
            id={id}
            name={name}
            type="file"
            required
            accept={accept}
            aria-describedby={hintId}
            className={fieldClass}
          />
          {hint ? (
            <p id={hintId} className={hintClass}>
              {hint}
            </p>
          ) : null}
        </div>
        {children}
        <button
          type="submit"
          disabled={importing}
          className={buttonClass("secondary", "md")}
        >
          {importing ? "Importing..." : "Import"}
        </button>
      </Form>
      {problems.length > 0 ? (
        <div role="alert" className="mt-4 text-sm text-rose-200">
          <p className="font-semibold">{problemsIntro}</p>
          <ul className="mt-2 list-disc space-y-1 pl-5">
            {problems.map((problem) => (
              <li key={problem}>{problem}</li>
            ))}
          </ul>
        </div>
      ) : null}
    </>
  );
}
