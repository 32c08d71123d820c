// The contact form's shapes, outcomes and notices, shared by the page and the
// server. The input schema itself is in ./contact-schema.
import type { ToastInput } from "./toast";

/** The form's idempotency key field (shared/per-response.ts makes its values). */
export const IDEMPOTENCY_FIELD = "idempotency-key";

export const CONTACT_LIMITS = { name: 100, email: 254, message: 5000 };

export const contactFields = ["name", "email", "message"] as const;
export type ContactField = (typeof contactFields)[number];
export type ContactValues = Record<ContactField, string>;
export type ContactErrors = Partial<Record<ContactField, string>>;

/** The form's fields as submitted: a field that is absent reads as empty; anything that is not text stays as it is, to fail. */
export function contactValuesFrom(
  form: FormData,
): Record<ContactField, unknown> {
  return {
    name: form.get("name") ?? "",
    email: form.get("email") ?? "",
    message: form.get("message") ?? "",
  };
}

/** Text of each field for showing the form again (files and other non-text read as empty). */
export function contactTextOf(
  values: Record<ContactField, unknown>,
): ContactValues {
  const textOf = (value: unknown) => (typeof value === "string" ? value : "");
  return {
    name: textOf(values.name),
    email: textOf(values.email),
    message: textOf(values.message),
  };
}

/** What the contact action answers. */
export type ContactResult =
  | { status: "sent" }
  | {
      status: "invalid";
      missing: boolean;
      errors: ContactErrors;
      values: ContactValues;
    }
  /** The server keeps what was typed, for the page it renders without JavaScript. */
  | { status: "failed"; values?: ContactValues };

/** The notice for each outcome, worded exactly as the contact journey checks it. */
export function contactNotice(result: ContactResult): ToastInput | undefined {
  switch (result.status) {
    case "sent":
      return {
        title: "Message Sent!",
        description: "Thanks for reaching out. I'll get back to you soon!",
      };
    case "invalid":
      return result.missing
        ? {
            title: "Missing Information",
            description: "Please fill out all fields before sending.",
          }
        : undefined;
    case "failed":
      return {
        title: "Error Sending Message",
        description: "Something went wrong. Please try again later.",
      };
  }
}
