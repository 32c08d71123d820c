// Importing subscribers from CSV (docs/decisions/060): the form's one schema
// and its limits, shared by the Subscribers screen and its action. The file
// is read on the server (subscriber-csv.server.ts).
import { z } from "zod";

import {
  SUBSCRIBER_IMPORT_MAX_BYTES,
  SUBSCRIBER_IMPORT_NOTE_MAX,
} from "./subscriber-import-limits";

// eslint-disable-next-line no-control-regex -- control characters are what is refused
const CONTROL_CHARACTER = /[\u0000-\u001f\u007f-\u009f]/;

export const subscriberImportSchema = z.object({
  intent: z.literal("import"),
  file: z
    .instanceof(File, { message: "Choose a CSV file of addresses." })
    .refine((file) => file.size > 0, "Choose a CSV file of addresses.")
    .refine(
      (file) => file.size <= SUBSCRIBER_IMPORT_MAX_BYTES,
      `Files up to ${SUBSCRIBER_IMPORT_MAX_BYTES / 1024 / 1024} MB are accepted: split a larger list into several files.`,
    ),
  note: z
    .string()
    .trim()
    .min(1, "Say where these people agreed to be mailed.")
    .max(
      SUBSCRIBER_IMPORT_NOTE_MAX,
      `Where they agreed is at most ${SUBSCRIBER_IMPORT_NOTE_MAX} characters.`,
    )
    .refine(
      (value) => !CONTROL_CHARACTER.test(value),
      "Where they agreed is one line.",
    ),
  vouch: z.literal("on", {
    message:
      "Confirm that everyone in the file agreed to receive the newsletter.",
  }),
});

export type SubscriberImportInput = z.infer<typeof subscriberImportSchema>;

/** The consent kept with each imported address: the owner's word for it. */
export function importConsentWording(note: string): string {
  return `Imported by the owner, who vouches that each address agreed to receive the newsletter: ${note}`;
}
