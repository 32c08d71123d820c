// The contact form: its fields, the form's key, and the send button. A plain
// form answered by the route's action (docs/decisions/058); the page script
// checks that no field holds only spaces before it is sent, shows "Sending..."
// while it is, and focuses the first field in error on the answer.
import { buttonClass } from "~/components/page/styles";
import { contactFields, IDEMPOTENCY_FIELD } from "~/lib/contact";
import type { ContactResult } from "~/lib/contact";
import { Icon } from "~/lib/icons";

import { ContactInput, Honeypot, Outcome } from "./fields";

export function ContactForm({
  formKey,
  result,
}: {
  /** This rendering's idempotency key (a resend is stored once). */
  formKey: string;
  result: ContactResult | undefined;
}) {
  // After a message is sent the form starts empty, with a new key.
  const shown = result?.status === "sent" ? undefined : result;
  return (
    <section
      aria-labelledby="message-heading"
      className="rounded-2xl border border-white/10 bg-white/5 p-6 sm:p-8 lg:col-span-2"
    >
      <h2
        id="message-heading"
        className="font-serif text-2xl font-bold text-white"
      >
        Send a Message
      </h2>
      <form
        method="post"
        action="/contact"
        className="mt-6"
        aria-labelledby="message-heading"
        data-filled={contactFields.join(" ")}
      >
        <fieldset className="grid gap-5">
          <ContactInput
            field="name"
            label="Name"
            autoComplete="name"
            result={shown}
          />
          <ContactInput
            field="email"
            label="Email"
            type="email"
            autoComplete="email"
            result={shown}
          />
          <ContactInput
            field="message"
            label="Message"
            type="multiline"
            result={shown}
          />
          <Honeypot />
          <input type="hidden" name={IDEMPOTENCY_FIELD} value={formKey} />
          {/* With script the outcome is a notice (the page script shows it). */}
          {result ? (
            <noscript>
              <Outcome result={result} />
            </noscript>
          ) : null}
          <div>
            <button type="submit" className={buttonClass("primary")}>
              <Icon name="Send" aria-hidden="true" className="h-4 w-4" />
              <span className="when-idle">Send Message</span>
              <span className="when-busy">Sending...</span>
            </button>
          </div>
        </fieldset>
      </form>
    </section>
  );
}
