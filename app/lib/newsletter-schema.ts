// The newsletter's inputs (docs/decisions/060), one schema each, shared by
// the studio's form as the owner types and by the actions that store them.
import { z } from "zod";

// eslint-disable-next-line no-control-regex -- control characters are what is refused
const CONTROL_CHARACTER = /[\u0000-\u001f\u007f-\u009f]/;

const oneLine = (label: string, max: number) =>
  z
    .string()
    .trim()
    .max(max, `${label} is at most ${max} characters.`)
    .refine(
      (value) => !CONTROL_CHARACTER.test(value),
      `${label} is one line: it cannot hold a line break, a tab or another control character.`,
    );

export const NEWSLETTER_LIST_NAME_MAX = 80;
export const NEWSLETTER_PROMISE_MAX = 160;

export const newsletterSettingsFields = {
  newsletter: z
    .string()
    .refine(
      (value) => value === "on" || value === "off",
      "Choose whether the newsletter is on.",
    ),
  listName: oneLine("The list's name", NEWSLETTER_LIST_NAME_MAX),
  promise: oneLine("The promise", NEWSLETTER_PROMISE_MAX),
};

export type NewsletterSettingsField = keyof typeof newsletterSettingsFields;

/** The Newsletter part of Settings: a name and a promise are needed to turn it on. */
export const newsletterSettingsSchema = z
  .object(newsletterSettingsFields)
  .superRefine((values, context) => {
    if (values.newsletter !== "on") return;
    if (!values.listName)
      context.addIssue({
        code: "custom",
        path: ["listName"],
        message: "Name the list to turn the newsletter on.",
      });
    if (!values.promise)
      context.addIssue({
        code: "custom",
        path: ["promise"],
        message:
          "Say in one line what subscribers get, to turn the newsletter on.",
      });
  });

export type NewsletterSettingsInput = z.infer<typeof newsletterSettingsSchema>;

/** The newsletter's settings as stored: off, unnamed, until the owner saves. */
export interface NewsletterSettings {
  enabled: boolean;
  listName: string;
  promise: string;
}

export const defaultNewsletterSettings: NewsletterSettings = {
  enabled: false,
  listName: "",
  promise: "",
};

/** A reader's sign-up: the address, and the page the form was on. */
export const newsletterSignUpSchema = z.object({
  email: z
    .string()
    .trim()
    .min(1, "Please enter your email address.")
    .max(254, "An email address is at most 254 characters.")
    .pipe(z.email("Please enter a valid email address, like you@example.com.")),
  // Only a path of this site is kept as the consent's source.
  source: z
    .string()
    .max(300)
    .catch("/")
    .transform((value) => (/^\/(?!\/)[^\s]*$/.test(value) ? value : "/")),
});

/** The line under the join form, naming the list and what joining means. */
export function joinFormNote(settings: NewsletterSettings): string {
  return `${settings.listName}: one mail to confirm, then only new posts. Leave with one click from any of them.`;
}

/** The words of the join form a reader saw, kept as their consent's wording. */
export function consentWording(settings: NewsletterSettings): string {
  return `Join the Newsletter. ${settings.promise} ${joinFormNote(settings)} [Subscribe]`;
}
