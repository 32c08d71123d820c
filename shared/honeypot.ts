// The honeypot: a form field people never see (off-screen, hidden from
// assistive technology, out of the tab order) that naive bots fill in. A
// submission with it filled is answered like a success and stored nowhere, so
// the bot learns nothing.

/** Name of the hidden field; "website" is what form-filling bots reach for. */
export const HONEYPOT_FIELD = "website";

export function caughtByHoneypot(form: FormData): boolean {
  const value = form.get(HONEYPOT_FIELD);
  return value !== null && (typeof value !== "string" || value.trim() !== "");
}
