// The newsletter's join form while the owner has it on (docs/decisions/060):
// a plain form answered by /newsletter's action, so it works before and
// without any script. Off, the pages show the spec's not-implemented form
// instead (home.tsx), and after a post nothing.
import { useId } from "react";

import { buttonClass } from "~/components/page/styles";
import { joinFormNote } from "~/lib/newsletter-schema";
import type { NewsletterSettings } from "~/lib/newsletter-schema";
import { HONEYPOT_FIELD } from "~shared/honeypot";

export const NEWSLETTER_PATH = "/newsletter";

export function NewsletterJoinForm({
  settings,
  source,
  labelledBy,
  email = "",
  error,
}: {
  settings: NewsletterSettings;
  /** The page the form is on: kept with the consent. */
  source: string;
  /** The id of the heading that names the form. */
  labelledBy: string;
  /** What was typed, shown again with an error. */
  email?: string;
  error?: string | undefined;
}) {
  const id = useId();
  const errorId = `${id}-error`;
  return (
    <form
      method="post"
      action={NEWSLETTER_PATH}
      aria-labelledby={labelledBy}
      className="mx-auto mt-8 max-w-md text-left"
    >
      <input type="hidden" name="source" value={source} />
      <div className="flex flex-col gap-3 sm:flex-row">
        <label htmlFor={`${id}-email`} className="sr-only">
          Email address
        </label>
        <input
          id={`${id}-email`}
          name="email"
          type="email"
          required
          maxLength={254}
          autoComplete="email"
          placeholder="you@example.com"
          defaultValue={email}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          className="min-w-0 flex-1 rounded-full border border-white/20 bg-white/5 px-5 py-3 text-white placeholder:text-slate-400 focus:border-emerald-400/60"
        />
        <button type="submit" className={buttonClass("primary")}>
          Subscribe
        </button>
      </div>
      {error ? (
        <p id={errorId} role="alert" className="mt-3 text-sm text-red-300">
          {error}
        </p>
      ) : null}
      <p className="mt-3 text-center text-sm text-slate-400">
        {joinFormNote(settings)}
      </p>
      {/* For bots only: off-screen, hidden from assistive technology. */}
      <div
        aria-hidden="true"
        className="absolute -left-[10000px] h-px w-px overflow-hidden"
      >
        <label htmlFor={`${id}-website`}>Leave this field empty</label>
        <input
          id={`${id}-website`}
          name={HONEYPOT_FIELD}
          type="text"
          tabIndex={-1}
          autoComplete="off"
          defaultValue=""
        />
      </div>
    </form>
  );
}

/** The join form as its own section, under a post. */
export function NewsletterAfterPost({
  settings,
  source,
}: {
  settings: NewsletterSettings;
  source: string;
}) {
  const headingId = useId();
  return (
    <section
      aria-labelledby={headingId}
      className="mt-12 rounded-2xl border border-white/10 bg-white/5 p-6 text-center sm:p-8"
    >
      <h2 id={headingId} className="font-serif text-2xl font-bold text-white">
        Join the Newsletter
      </h2>
      <p className="mt-2 text-slate-300">{settings.promise}</p>
      <NewsletterJoinForm
        settings={settings}
        source={source}
        labelledBy={headingId}
      />
    </section>
  );
}
