// The look the sign-in, first-day and password-reset screens share: a
// narrow column, the title, a line of context, and the form in a card.
import type { InputHTMLAttributes, ReactNode } from "react";

import { PASSWORD_LENGTH } from "./rules";

export const fieldClass =
  "mt-2 block w-full rounded-lg border border-white/15 bg-slate-900 px-3 py-2 text-white placeholder:text-slate-500 focus-visible:border-emerald-400 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-emerald-400";

export const formCardClass =
  "mt-8 space-y-5 rounded-2xl border border-white/10 bg-white/5 p-6";

export function AuthScreen({
  title,
  intro,
  children,
}: {
  title: string;
  intro: ReactNode;
  children: ReactNode;
}) {
  return (
    <section className="mx-auto max-w-md px-4 py-16 sm:px-6">
      <h1 className="font-serif text-4xl font-bold text-white">{title}</h1>
      <p className="mt-3 text-slate-300">{intro}</p>
      {children}
    </section>
  );
}

/** A failed form's message, announced when it appears. */
export function FailureNotice({
  id,
  title,
  message,
}: {
  id?: string;
  title: string;
  message: string;
}) {
  return (
    <p
      id={id}
      role="alert"
      className="mt-6 rounded-lg border border-red-400/40 bg-red-950/60 px-4 py-3 text-red-100"
    >
      <strong>{title}:</strong> {message}
    </p>
  );
}

/** A notice that something worked or what to do next. */
export function InfoNotice({ children }: { children: ReactNode }) {
  return (
    <p
      role="status"
      className="mt-6 rounded-lg border border-emerald-400/40 bg-emerald-950/50 px-4 py-3 text-emerald-100"
    >
      {children}
    </p>
  );
}

/** A labelled input. */
export function TextField({
  id,
  label,
  ...input
}: { id: string; label: string } & InputHTMLAttributes<HTMLInputElement>) {
  return (
    <div>
      <label htmlFor={id} className="font-medium text-slate-200">
        {label}
      </label>
      <input id={id} className={fieldClass} {...input} />
    </div>
  );
}

/** A new password, typed twice (fields `password` and `confirmPassword`). */
export function NewPasswordFields({
  idPrefix,
  label,
}: {
  idPrefix: string;
  label: string;
}) {
  return (
    <>
      <TextField
        id={`${idPrefix}-password`}
        name="password"
        type="password"
        label={label}
        autoComplete="new-password"
        required
        minLength={PASSWORD_LENGTH.min}
        maxLength={PASSWORD_LENGTH.max}
        aria-describedby={`${idPrefix}-password-rule`}
      />
      <p id={`${idPrefix}-password-rule`} className="text-sm text-slate-400">
        At least {PASSWORD_LENGTH.min} characters.
      </p>
      <TextField
        id={`${idPrefix}-confirm`}
        name="confirmPassword"
        type="password"
        label={`${label} again`}
        autoComplete="new-password"
        required
        maxLength={PASSWORD_LENGTH.max}
      />
    </>
  );
}
