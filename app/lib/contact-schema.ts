// The contact form's one input schema: the browser uses it for hints before
// sending, the server (app/data/messages.server.ts) for the truth. zod/mini
// keeps it small, and the page imports it only once the visitor starts on
// the form, so it is not part of the page's first-load script.
import * as z from "zod/mini";

import { CONTACT_LIMITS, contactFields } from "./contact";
import type { ContactErrors, ContactField } from "./contact";

// U+FFFD is what a decoder leaves where the bytes were not valid UTF-8; control
// characters (other than line breaks and tabs in the message) have no place in a note.
const UNREADABLE = /\uFFFD|(?![\t\n\r])\p{Cc}/u;
const LINE_BREAK = /[\r\n\t]/;
const NAME_SYMBOLS = /[<>{}[\]\\;="`|]/;
const HTML_TAG = /<\/?[a-z][a-z0-9-]*(\s[^<>]*)?\/?>|<!--|<\?/i;
const readable = "It contains characters that could not be read.";

const text = (label: string) =>
  z.string({ error: `The ${label} must be text.` }).check(z.trim());
const without = (pattern: RegExp, error: string) =>
  z.refine<string>((value) => !pattern.test(value), error);
/** Present (after trimming) and within the field's limit. */
const bounded = (field: ContactField) => [
  z.minLength(1, `Please enter your ${field}.`),
  z.maxLength(
    CONTACT_LIMITS[field],
    `Please keep your ${field} under ${CONTACT_LIMITS[field]} characters.`,
  ),
];

export const contactSchema = z.object({
  name: text("name").check(
    ...bounded("name"),
    without(UNREADABLE, readable),
    without(LINE_BREAK, "Please use a single line."),
    without(
      NAME_SYMBOLS,
      "Your name can't contain < > { } [ ] \\ ; = \" ` or |.",
    ),
  ),
  email: z.pipe(
    text("email").check(...bounded("email")),
    z.email("Please enter a valid email address, like name@example.com."),
  ),
  message: text("message").check(
    ...bounded("message"),
    without(UNREADABLE, readable),
    without(
      HTML_TAG,
      "Please write your message as plain text, without HTML tags.",
    ),
  ),
});

export type ContactInput = z.infer<typeof contactSchema>;

export type ContactCheck =
  | { ok: true; data: ContactInput }
  | { ok: false; missing: boolean; errors: ContactErrors };

/** Validates a submission; "missing" means some field is empty or only whitespace. */
export function checkContact(
  values: Record<ContactField, unknown>,
): ContactCheck {
  const missing = contactFields.some(
    (field) =>
      typeof values[field] === "string" &&
      (values[field] as string).trim() === "",
  );
  const result = contactSchema.safeParse(values);
  if (result.success) return { ok: true, data: result.data };
  const errors: ContactErrors = {};
  for (const issue of result.error.issues) {
    const field = issue.path[0];
    if (typeof field === "string" && isContactField(field) && !errors[field])
      errors[field] = issue.message;
  }
  return { ok: false, missing, errors };
}

function isContactField(name: string): name is ContactField {
  return (contactFields as ReadonlyArray<string>).includes(name);
}
