// The settings screen's form: each field checked by the shared schema as the
// owner leaves it (and all of them before sending), with a preview of the
// header, a title and the footer as they will look.
import { useRef, useState } from "react";
import type { FormEvent, ReactNode } from "react";
import { Form, useNavigation } from "react-router";

import { SiteMark } from "~/components/layout/site-header";
import { buttonClass, cardClass } from "~/components/page/styles";
import { useNotice } from "~/studio/notice";
import { pageTitle } from "~/config/site";
import type { SiteSettings } from "~/config/site";
import type { ToastInput } from "~/lib/toast";

import { SETTINGS_FIELDS, settingsFields } from "./settings-schema";
import type { SettingsField } from "./settings-schema";
import { describedBy, FieldNotes } from "./field-notes";
import { fieldClass, labelClass } from "./ui";

export type SettingsErrors = Partial<Record<SettingsField, string>>;

interface FieldSpec {
  name: SettingsField;
  label: string;
  hint?: string;
  type?: "text" | "url" | "email";
  multiline?: boolean;
  list?: string;
  autoComplete?: string;
}

const groups: ReadonlyArray<{ title: string; fields: FieldSpec[] }> = [
  {
    title: "Name and words",
    fields: [
      { name: "ownerName", label: "Owner's name", autoComplete: "name" },
      {
        name: "productName",
        label: "Product name",
        hint: 'Titles read "{Page} | Live {product name}".',
      },
      { name: "headline", label: "Headline", hint: "Under the name on Home." },
      { name: "tagline", label: "Tagline", hint: "Above the name on Home." },
      { name: "footerTagline", label: "Footer tagline", multiline: true },
    ],
  },
  {
    title: "Search and region",
    fields: [
      {
        name: "description",
        label: "Site description",
        hint: "What search engines and feeds show of the site.",
        multiline: true,
      },
      { name: "locale", label: "Locale", hint: "A language tag, like en-US." },
      {
        name: "timeZone",
        label: "Time zone of events",
        hint: "Type to search the list, like Boise or Europe/.",
        list: "settings-time-zones",
      },
      {
        name: "themeColor",
        label: "Theme colour",
        hint: "Six hex digits, like #0f172a: the browser's bar on phones.",
      },
    ],
  },
  {
    title: "Links",
    fields: [
      { name: "professionalUrl", label: "Professional site", type: "url" },
      {
        name: "projectDeliveryUrl",
        label: "Project-delivery site",
        type: "url",
      },
      { name: "linkedInUrl", label: "LinkedIn", type: "url" },
      { name: "gitHubUrl", label: "GitHub", type: "url" },
      { name: "twitterUrl", label: "Twitter", type: "url" },
    ],
  },
  {
    title: "Mail",
    fields: [
      {
        name: "email",
        label: "Public mail address",
        type: "email",
        hint: "Shown in the footer; the sender of the site's mail.",
      },
      {
        name: "contactRecipient",
        label: "Contact recipient",
        type: "email",
        hint: "Who receives the contact form's messages. Never shown.",
      },
    ],
  },
];

function checkField(name: SettingsField, value: string): string | undefined {
  const result = settingsFields[name].safeParse(value);
  return result.success ? undefined : result.error.issues[0]?.message;
}

const readersHint =
  "Which pages are read, and from where, for the Readers screen; never who reads them (the privacy page says how). Off, nothing is recorded and the figures stand still.";

const socialWebHint =
  "On, Mastodon and the other fediverse services can follow the site: new posts reach followers and their replies come back for you to approve. Off, nothing about it answers.";

const portraitHint =
  "From the media library (upload one under Media). It stands for the owner in the header and in search results.";

export function SettingsForm({
  saved,
  pictures,
  timeZones,
  contactToOverride,
  socialHost,
  serverErrors,
  notice,
}: {
  saved: SiteSettings;
  pictures: ReadonlyArray<{
    value: string;
    thumbnail: string;
    filename: string;
  }>;
  timeZones: ReadonlyArray<string>;
  contactToOverride: boolean;
  /** SITE_URL's host (and port): the handle's second half. */
  socialHost: string;
  /** What the last save refused (undefined before any). */
  serverErrors: SettingsErrors | undefined;
  notice: ToastInput | undefined;
}) {
  useNotice(notice);
  const [values, setValues] = useState<SiteSettings>(saved);
  const [errors, setErrors] = useState<SettingsErrors>(serverErrors ?? {});
  // A save's answer (its errors, or the stored settings reloaded) replaces
  // what the form shows; what the owner typed stays until then.
  const [shown, setShown] = useState({ saved, serverErrors });
  if (shown.saved !== saved || shown.serverErrors !== serverErrors) {
    setShown({ saved, serverErrors });
    if (shown.saved !== saved) setValues(saved);
    if (shown.serverErrors !== serverErrors) setErrors(serverErrors ?? {});
  }
  const form = useRef<HTMLFormElement>(null);
  const busy = useNavigation().state !== "idle";

  const change = (name: SettingsField, value: string) => {
    setValues((current) => ({ ...current, [name]: value }));
    // A shown error follows the typing; a new one waits until the field is left.
    if (errors[name])
      setErrors((current) => ({ ...current, [name]: checkField(name, value) }));
  };
  const leave = (name: SettingsField) =>
    setErrors((current) => ({
      ...current,
      [name]: checkField(name, values[name]),
    }));
  const submit = (event: FormEvent<HTMLFormElement>) => {
    const found: SettingsErrors = {};
    for (const name of SETTINGS_FIELDS) {
      const error = checkField(name, values[name]);
      if (error) found[name] = error;
    }
    setErrors(found);
    const first = SETTINGS_FIELDS.find((name) => found[name]);
    if (first) {
      event.preventDefault();
      form.current?.querySelector<HTMLElement>(`[name="${first}"]`)?.focus();
    }
  };

  const field = (spec: FieldSpec) => {
    const id = `settings-${spec.name}`;
    const error = errors[spec.name];
    const hint =
      spec.name === "contactRecipient" && contactToOverride
        ? `${spec.hint ?? ""} CONTACT_TO is set on this server and receives them instead.`
        : spec.hint;
    const props = {
      id,
      name: spec.name,
      value: values[spec.name],
      required: true,
      "aria-invalid": error ? true : undefined,
      "aria-describedby": describedBy(id, hint, error),
      className: fieldClass,
      onBlur: () => leave(spec.name),
    };
    return (
      <div key={spec.name}>
        <label htmlFor={id} className={labelClass}>
          {spec.label}
        </label>
        {spec.multiline ? (
          <textarea
            {...props}
            rows={3}
            onChange={(event) => change(spec.name, event.target.value)}
          />
        ) : (
          <input
            {...props}
            type={spec.type ?? "text"}
            list={spec.list}
            autoComplete={spec.autoComplete ?? "off"}
            onChange={(event) => change(spec.name, event.target.value)}
          />
        )}
        <FieldNotes id={id} hint={hint} error={error} />
      </div>
    );
  };

  /** A setting chosen from a list. */
  const choice = (
    name: SettingsField,
    label: string,
    hint: string,
    options: ReadonlyArray<{ value: string; label: string }>,
  ) => {
    const id = `settings-${name}`;
    return (
      <div>
        <label htmlFor={id} className={labelClass}>
          {label}
        </label>
        <select
          id={id}
          name={name}
          value={values[name]}
          aria-describedby={describedBy(id, hint, errors[name])}
          aria-invalid={errors[name] ? true : undefined}
          className={fieldClass}
          onChange={(event) => change(name, event.target.value)}
        >
          {options.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
        <FieldNotes id={id} hint={hint} error={errors[name]} />
      </div>
    );
  };

  const fieldGroup = (title: string, fields: ReactNode) => (
    <fieldset key={title} className={`${cardClass} space-y-4 p-5`}>
      <legend className="px-1 text-lg font-semibold text-white">{title}</legend>
      {fields}
    </fieldset>
  );

  return (
    <div className="mt-8 grid gap-6 lg:grid-cols-[minmax(0,1fr)_20rem]">
      <Form
        method="post"
        ref={form}
        noValidate
        onSubmit={submit}
        className="space-y-6"
      >
        {groups.map((group) =>
          fieldGroup(group.title, group.fields.map(field)),
        )}
        {fieldGroup(
          "Picture",
          choice("portrait", "Portrait or logo", portraitHint, [
            { value: "", label: "None: the owner's initials" },
            ...pictures.map((picture) => ({
              value: picture.value,
              label: picture.filename,
            })),
          ]),
        )}
        {fieldGroup(
          "Readers",
          choice("readerCounting", "Count readers", readersHint, [
            { value: "on", label: "On: count page views" },
            { value: "off", label: "Off: record nothing" },
          ]),
        )}
        {fieldGroup(
          "Social web",
          <>
            {choice("socialWeb", "Followed from the fediverse", socialWebHint, [
              { value: "off", label: "Off" },
              { value: "on", label: "On: an account others can follow" },
            ])}
            {field({
              name: "socialHandle",
              label: "Handle",
              hint: `Shown as @${values.socialHandle.replace(/^@/, "")}@${socialHost}; changing it later loses no followers.`,
            })}
          </>,
        )}
        <datalist id="settings-time-zones">
          {timeZones.map((zone) => (
            <option key={zone} value={zone} />
          ))}
        </datalist>
        <button
          type="submit"
          disabled={busy}
          className={buttonClass("primary", "md")}
        >
          Save settings
        </button>
      </Form>
      <SettingsPreview values={values} />
    </div>
  );
}

/** The header, a tab's title and the footer with the values as typed. */
function SettingsPreview({ values }: { values: SiteSettings }) {
  return (
    <aside
      aria-labelledby="settings-preview-heading"
      className="lg:sticky lg:top-24 lg:self-start"
    >
      <h2
        id="settings-preview-heading"
        className="text-lg font-semibold text-white"
      >
        Preview
      </h2>
      <div className={`${cardClass} mt-3 space-y-4 p-4 text-sm`}>
        <div>
          <p className="text-xs text-slate-400">A tab&apos;s title</p>
          <p className="mt-1 truncate rounded-md bg-slate-900 px-3 py-1.5 text-slate-200">
            {pageTitle("Home", values.productName)}
          </p>
        </div>
        <div>
          <p className="text-xs text-slate-400">The header</p>
          <div
            className="mt-1 flex items-center gap-2 rounded-md border-b-4 bg-slate-950 px-3 py-2 font-serif font-semibold text-white"
            style={{ borderBottomColor: values.themeColor }}
          >
            <SiteMark ownerName={values.ownerName} portrait={values.portrait} />
            <span>
              Live{" "}
              <span className="text-emerald-300">{values.productName}</span>
            </span>
          </div>
        </div>
        <div>
          <p className="text-xs text-slate-400">The footer</p>
          <div className="mt-1 rounded-md bg-slate-950 px-3 py-2 text-slate-300">
            <p>{values.footerTagline}</p>
            <p className="mt-2 text-xs text-slate-400">
              © {new Date().getFullYear()} {values.ownerName}. All rights
              reserved.
            </p>
          </div>
        </div>
      </div>
    </aside>
  );
}
