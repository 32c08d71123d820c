// The subscriber import's limits, shared by the screen, its action and the
// server's body limit, apart from the schema so the screen loads no more than these.

/** Where the Subscribers screen lives; its form posts the file here. */
export const SUBSCRIBERS_PATH = "/studio/newsletter/subscribers";
/** The largest file the screen takes: far past a list of the size. */
export const SUBSCRIBER_IMPORT_MAX_BYTES = 4 * 1024 * 1024;
/** The request body may carry the form's other fields beside the file. */
export const SUBSCRIBER_IMPORT_BODY_BYTES =
  SUBSCRIBER_IMPORT_MAX_BYTES + 64 * 1024;
/** The most addresses one file may hold: one statement stores them all. */
export const SUBSCRIBER_IMPORT_MAX_ROWS = 50_000;
/** How many broken rows the answer names; the count says how many more. */
export const SUBSCRIBER_IMPORT_PROBLEMS_SHOWN = 20;
export const SUBSCRIBER_IMPORT_NOTE_MAX = 200;
