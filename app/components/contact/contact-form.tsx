// The contact form: its fields, the form's key, and the send button. It
// focuses the first field in error, and empties itself once a message is sent.
import { useEffect, useRef } from "react";
import { Form } from "react-router";

import { buttonClass } from "~/components/page/styles";
import { IDEMPOTENCY_FIELD } from "~/lib/contact";
import type { ContactResult } from "~/lib/contact";
import { useHydrated } from "~/lib/hydrated";
import { Icon } from "~/lib/icons";

import { ContactInput, Honeypot, Outcome } from "./fields";

// The schema is code most visits never run: it loads when the visitor first
// focuses the form (see onFocus below), ahead of the submit that needs it.
export const loadContactSchema = () => import("~/lib/contact-schema");

export function ContactForm({
  formKey,
  result,
  busy,
}: {
  /** This rendering's idempotency key (a resend is stored once). */
  formKey: string;
  result: ContactResult | undefined;
  busy: boolean;
}) {
  const hydrated = useHydrated();
  const formRef = useRef<HTMLFormElement>(null);

  useEffect(() => {
    const form = formRef.current;
    if (!form || !result) return;
    if (result.status === "sent") form.reset();
    if (result.status === "invalid") {
      const first = Object.keys(result.errors)[0];
      if (first) form.querySelector<HTMLElement>(`[name="${first}"]`)?.focus();
    }
  }, [result]);

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
      <Form
        method="post"
        ref={formRef}
        className="mt-6"
        aria-labelledby="message-heading"
        onFocus={() => void loadContactSchema()}
      >
        <fieldset disabled={busy} className="grid gap-5">
          <ContactInput
            field="name"
            label="Name"
            autoComplete="name"
            result={result}
          />
          <ContactInput
            field="email"
            label="Email"
            type="email"
            autoComplete="email"
            result={result}
          />
          <ContactInput
            field="message"
            label="Message"
            type="multiline"
            result={result}
          />
          <Honeypot />
          <input type="hidden" name={IDEMPOTENCY_FIELD} value={formKey} />
          {result && !hydrated ? <Outcome result={result} /> : null}
          <div>
            <button type="submit" className={buttonClass("primary")}>
              <Icon name="Send" aria-hidden="true" className="h-4 w-4" />
              {busy ? "Sending..." : "Send Message"}
            </button>
          </div>
        </fieldset>
      </Form>
    </section>
  );
}
