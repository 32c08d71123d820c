// The contact form's parts: a field, the honeypot, and the outcome shown in
// the page for visitors without JavaScript.
import { CONTACT_LIMITS, contactNotice } from "~/lib/contact";
import type { ContactField, ContactResult } from "~/lib/contact";
import { HONEYPOT_FIELD } from "~shared/honeypot";

const inputClass =
  "mt-2 block w-full rounded-xl border border-white/15 bg-slate-900 px-4 py-3 text-white placeholder:text-slate-500 focus:border-emerald-400 focus:outline-none disabled:opacity-70 aria-[invalid=true]:border-red-400";

/** One of the form's fields: required, limited, showing its error, and (after a post that did not go through) what was typed. */
export function ContactInput({
  field,
  label,
  type = "text",
  autoComplete,
  result,
}: {
  field: ContactField;
  label: string;
  type?: "text" | "email" | "multiline";
  autoComplete?: string;
  result: ContactResult | undefined;
}) {
  const id = `contact-${field}`;
  const error = result?.status === "invalid" ? result.errors[field] : undefined;
  const control = {
    id,
    name: field,
    required: true,
    maxLength: CONTACT_LIMITS[field],
    defaultValue: result && "values" in result ? result.values?.[field] : "",
    "aria-invalid": error ? true : undefined,
    "aria-describedby": error ? `${id}-error` : undefined,
    className: inputClass,
  };
  return (
    <div>
      <label htmlFor={id} className="block text-sm font-medium text-slate-200">
        {label}
      </label>
      {type === "multiline" ? (
        <textarea rows={4} {...control} />
      ) : (
        <input type={type} autoComplete={autoComplete} {...control} />
      )}
      {error ? (
        <p id={`${id}-error`} className="mt-2 text-sm text-red-300">
          {error}
        </p>
      ) : null}
    </div>
  );
}

/** For bots only: off-screen, hidden from assistive technology and out of the tab order. */
export function Honeypot() {
  return (
    <div
      aria-hidden="true"
      className="absolute -left-[10000px] h-px w-px overflow-hidden"
    >
      <label htmlFor="contact-website">Leave this field empty</label>
      <input
        id="contact-website"
        name={HONEYPOT_FIELD}
        type="text"
        tabIndex={-1}
        autoComplete="off"
        defaultValue=""
      />
    </div>
  );
}

/** The outcome in the page itself, for visitors without JavaScript (who get no notices). */
export function Outcome({ result }: { result: ContactResult }) {
  const notice = contactNotice(result);
  if (!notice) {
    return (
      <p role="alert" className="text-sm text-red-300">
        Please correct the fields marked above.
      </p>
    );
  }
  const sent = result.status === "sent";
  return (
    <div
      role={sent ? "status" : "alert"}
      className={
        sent
          ? "rounded-xl border border-emerald-400/40 bg-emerald-500/10 p-4 text-emerald-100"
          : "rounded-xl border border-red-400/40 bg-red-500/10 p-4 text-red-100"
      }
    >
      <p className="font-semibold">{notice.title}</p>
      <p className="mt-1 text-sm">{notice.description}</p>
    </div>
  );
}
