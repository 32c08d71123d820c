// The Newsletter part of the settings screen: off or on, the list's name and
// the one-line promise the join form shows. A form of its own (intent
// "newsletter"), so saving it never touches the site's other settings.
import { useState } from "react";
import { Form, useNavigation } from "react-router";

import { buttonClass, cardClass } from "~/components/page/styles";
import {
  NEWSLETTER_LIST_NAME_MAX,
  NEWSLETTER_PROMISE_MAX,
  newsletterSettingsSchema,
} from "~/lib/newsletter-schema";
import type {
  NewsletterSettings,
  NewsletterSettingsField,
} from "~/lib/newsletter-schema";

import { describedBy, FieldNotes } from "./field-notes";
import { fieldClass, labelClass } from "./ui";

export type NewsletterSettingsErrors = Partial<
  Record<NewsletterSettingsField, string>
>;

type Values = Record<NewsletterSettingsField, string>;

const valuesOf = (saved: NewsletterSettings): Values => ({
  newsletter: saved.enabled ? "on" : "off",
  listName: saved.listName,
  promise: saved.promise,
});

export function newsletterErrorsOf(
  issues: ReadonlyArray<{ path: ReadonlyArray<PropertyKey>; message: string }>,
): NewsletterSettingsErrors {
  const errors: NewsletterSettingsErrors = {};
  for (const issue of issues) {
    const field = issue.path[0] as NewsletterSettingsField;
    errors[field] ??= issue.message;
  }
  return errors;
}

const hints: Record<NewsletterSettingsField, string> = {
  newsletter:
    "On, the join form on Home and after each post takes addresses (each confirmed from a mail) and the editor offers to mail a post. Off, the form shows the not-implemented notice; nothing stored is deleted.",
  listName: `Shown by the join form and in every mail's subject, like "Seasoned Notes". At most ${NEWSLETTER_LIST_NAME_MAX} characters.`,
  promise: `One line under the form: what a subscriber gets. At most ${NEWSLETTER_PROMISE_MAX} characters.`,
};

export function NewsletterSettingsForm({
  saved,
  serverErrors,
}: {
  saved: NewsletterSettings;
  serverErrors: NewsletterSettingsErrors | undefined;
}) {
  const [values, setValues] = useState<Values>(() => valuesOf(saved));
  const [errors, setErrors] = useState<NewsletterSettingsErrors>(
    serverErrors ?? {},
  );
  const [shown, setShown] = useState({ saved, serverErrors });
  if (shown.saved !== saved || shown.serverErrors !== serverErrors) {
    setShown({ saved, serverErrors });
    if (shown.saved !== saved) setValues(valuesOf(saved));
    if (shown.serverErrors !== serverErrors) setErrors(serverErrors ?? {});
  }
  const busy = useNavigation().state !== "idle";

  const check = (next: Values) => {
    const result = newsletterSettingsSchema.safeParse(next);
    return result.success ? {} : newsletterErrorsOf(result.error.issues);
  };
  const change = (name: NewsletterSettingsField, value: string) => {
    const next = { ...values, [name]: value };
    setValues(next);
    if (errors[name]) setErrors(check(next));
  };

  const id = (name: NewsletterSettingsField) => `newsletter-${name}`;
  const text = (name: "listName" | "promise", label: string, max: number) => (
    <div>
      <label htmlFor={id(name)} className={labelClass}>
        {label}
      </label>
      <input
        id={id(name)}
        name={name}
        value={values[name]}
        maxLength={max}
        autoComplete="off"
        aria-invalid={errors[name] ? true : undefined}
        aria-describedby={describedBy(id(name), hints[name], errors[name])}
        className={fieldClass}
        onChange={(event) => change(name, event.target.value)}
        onBlur={() => setErrors(check(values))}
      />
      <FieldNotes id={id(name)} hint={hints[name]} error={errors[name]} />
    </div>
  );

  return (
    <Form
      method="post"
      noValidate
      className="mt-6 max-w-3xl"
      onSubmit={(event) => {
        const found = check(values);
        setErrors(found);
        const first = (Object.keys(found) as NewsletterSettingsField[])[0];
        if (first) {
          event.preventDefault();
          document.getElementById(id(first))?.focus();
        }
      }}
    >
      <input type="hidden" name="intent" value="newsletter" />
      <fieldset className={`${cardClass} space-y-4 p-5`}>
        <legend className="px-1 text-lg font-semibold text-white">
          Newsletter
        </legend>
        <div>
          <label htmlFor={id("newsletter")} className={labelClass}>
            Newsletter
          </label>
          <select
            id={id("newsletter")}
            name="newsletter"
            value={values.newsletter}
            aria-describedby={describedBy(
              id("newsletter"),
              hints.newsletter,
              errors.newsletter,
            )}
            className={fieldClass}
            onChange={(event) => change("newsletter", event.target.value)}
          >
            <option value="off">Off: the form sends nothing</option>
            <option value="on">On: readers can subscribe</option>
          </select>
          <FieldNotes
            id={id("newsletter")}
            hint={hints.newsletter}
            error={errors.newsletter}
          />
        </div>
        {text("listName", "List name", NEWSLETTER_LIST_NAME_MAX)}
        {text("promise", "Promise", NEWSLETTER_PROMISE_MAX)}
        <button
          type="submit"
          disabled={busy}
          className={buttonClass("primary", "md")}
        >
          Save newsletter
        </button>
      </fieldset>
    </Form>
  );
}
