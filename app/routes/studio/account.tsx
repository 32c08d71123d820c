import { useEffect, useRef } from "react";
import { data, Form, useNavigation } from "react-router";

import { recordActivity } from "~database/activity";
import type { Route } from "./+types/account";
import { readAuthError } from "~/auth/auth-operations";
import { authCookieHeaders, callAuthEndpoint } from "~/auth/form-calls.server";
import { PASSWORD_LENGTH } from "~/auth/rules";
import { buttonClass, cardClass } from "~/components/page/styles";
import { useNotice } from "~/studio/notice";
import { listActiveSessions } from "~/data/account.server";
import { readForm } from "~/lib/form.server";
import type { ToastInput } from "~/lib/toast";
import { accountActionSchema, describeDevice } from "~/studio/account-schema";
import { describedBy, FieldNotes } from "~/studio/field-notes";
import { requireStudioOwner } from "~/studio/gate.server";
import { studioMeta } from "~/studio/meta";
import { doneNotice, refusedNotice } from "~/studio/notice";
import { Moment } from "~/studio/moment";
import { fieldClass, headingClass, labelClass } from "~/studio/ui";

export async function loader(args: Route.LoaderArgs) {
  const { db, auth, owner } = await requireStudioOwner(args);
  const [current, active] = await Promise.all([
    auth.api.getSession({ headers: args.request.headers }),
    listActiveSessions(db, owner.id),
  ]);
  return data({
    owner: { name: owner.name, email: owner.email },
    sessions: active.map((session) => ({
      ...session,
      device: describeDevice(session.userAgent),
      current: session.id === current?.session.id,
    })),
  });
}

type FieldErrors = Partial<
  Record<"currentPassword" | "newPassword" | "confirmPassword", string>
>;

export async function action(args: Route.ActionArgs) {
  const { db, auth, env, owner } = await requireStudioOwner(args);
  const form = accountActionSchema.safeParse(
    Object.fromEntries(await readForm(args.request)),
  );
  const failure = (
    title: string,
    description: string,
    status: number,
    fields: FieldErrors = {},
  ) => refusedNotice(title, description, status, { fields });
  if (!form.success) {
    const fields: FieldErrors = {};
    for (const issue of form.error.issues) {
      const field = issue.path[0];
      if (
        (field === "currentPassword" ||
          field === "newPassword" ||
          field === "confirmPassword") &&
        !fields[field]
      )
        fields[field] = issue.message;
    }
    return failure(
      "Not changed",
      form.error.issues[0]?.message ?? "Check the form.",
      400,
      fields,
    );
  }
  const log = (action: string) =>
    recordActivity(db, {
      action,
      subjectType: "account",
      subjectId: owner.id,
      summary: owner.name,
      actor: owner.name,
    });

  if (form.data.intent === "change-password") {
    // better-auth checks the current password and, with revokeOtherSessions,
    // ends every other session and hands this browser a new one.
    const response = await callAuthEndpoint(
      auth,
      args.request,
      env.SITE_URL,
      "/change-password",
      {
        currentPassword: form.data.currentPassword,
        newPassword: form.data.newPassword,
        revokeOtherSessions: true,
      },
    );
    if (!response.ok) {
      const { message, code } = await readAuthError(response);
      const wrongPassword = code === "INVALID_PASSWORD";
      return failure(
        "Password not changed",
        wrongPassword ? "The current password is not right." : message,
        response.status,
        wrongPassword ? { currentPassword: "This is not your password." } : {},
      );
    }
    await log("change-password");
    // This browser's new session (the old one ended with the others).
    return data(
      {
        notice: {
          title: "Password changed",
          description: "Every other session has been signed out.",
        } as ToastInput,
        fields: {} as FieldErrors,
      },
      { headers: authCookieHeaders(response) },
    );
  }

  const response = await callAuthEndpoint(
    auth,
    args.request,
    env.SITE_URL,
    "/revoke-other-sessions",
  );
  if (!response.ok) {
    const { message } = await readAuthError(response);
    return failure("Not signed out", message, response.status);
  }
  await log("revoke-sessions");
  return doneNotice(
    "Signed out everywhere else",
    "Only this browser is still signed in.",
    { fields: {} as FieldErrors },
  );
}

export default function StudioAccount({
  loaderData,
  actionData,
}: Route.ComponentProps) {
  const { owner, sessions } = loaderData;
  useNotice(actionData?.notice);
  const fields = actionData?.fields ?? {};
  const navigation = useNavigation();
  const busy = navigation.state !== "idle";
  const passwordForm = useRef<HTMLFormElement>(null);
  const changed =
    actionData !== undefined && actionData.notice.title === "Password changed";
  useEffect(() => {
    if (changed) passwordForm.current?.reset();
  }, [changed, actionData]);
  const others = sessions.filter((session) => !session.current).length;

  const passwordField = (
    name: keyof FieldErrors,
    label: string,
    autoComplete: string,
    hint?: string,
  ) => {
    const error = fields[name];
    return (
      <div>
        <label htmlFor={`account-${name}`} className={labelClass}>
          {label}
        </label>
        <input
          id={`account-${name}`}
          name={name}
          type="password"
          required
          autoComplete={autoComplete}
          minLength={name === "currentPassword" ? 1 : PASSWORD_LENGTH.min}
          maxLength={PASSWORD_LENGTH.max}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy(`account-${name}`, hint, error)}
          className={fieldClass}
        />
        <FieldNotes id={`account-${name}`} hint={hint} error={error} />
      </div>
    );
  };

  return (
    <>
      <h1 className={headingClass}>Account</h1>
      <p className="mt-2 text-slate-300">
        Signed in as {owner.name} ({owner.email}).
      </p>

      <div className="mt-8 grid gap-6 lg:grid-cols-2">
        <section
          aria-labelledby="password-heading"
          className={`${cardClass} p-5`}
        >
          <h2
            id="password-heading"
            className="text-lg font-semibold text-white"
          >
            Change password
          </h2>
          <Form method="post" ref={passwordForm} className="mt-4 space-y-4">
            <input type="hidden" name="intent" value="change-password" />
            {passwordField(
              "currentPassword",
              "Current password",
              "current-password",
            )}
            {passwordField(
              "newPassword",
              "New password",
              "new-password",
              `At least ${PASSWORD_LENGTH.min} characters. Every other session is signed out.`,
            )}
            {passwordField(
              "confirmPassword",
              "New password again",
              "new-password",
            )}
            <button
              type="submit"
              disabled={busy}
              className={buttonClass("primary", "md")}
            >
              Change password
            </button>
          </Form>
        </section>

        <section
          aria-labelledby="sessions-heading"
          className={`${cardClass} p-5`}
        >
          <h2
            id="sessions-heading"
            className="text-lg font-semibold text-white"
          >
            Active sessions
          </h2>
          <ul className="mt-4 divide-y divide-white/5">
            {sessions.map((session) => (
              <li key={session.id} className="py-3 text-sm">
                <p className="font-medium text-white">
                  {session.device}
                  {session.current ? (
                    <span className="ml-2 rounded-full border border-emerald-400/40 bg-emerald-500/10 px-2 py-0.5 text-xs text-emerald-200">
                      This browser
                    </span>
                  ) : null}
                </p>
                <p className="text-slate-400">
                  Signed in <Moment iso={session.createdAt} />; last active{" "}
                  <Moment iso={session.lastActiveAt} />
                  {session.ipAddress ? ` from ${session.ipAddress}` : ""}
                </p>
                {session.userAgent ? (
                  <p className="mt-1 break-all text-xs text-slate-400">
                    {session.userAgent}
                  </p>
                ) : null}
              </li>
            ))}
          </ul>
          <div className="mt-4 flex flex-wrap gap-3">
            <Form method="post">
              <input type="hidden" name="intent" value="sign-out-others" />
              <button
                type="submit"
                disabled={busy || others === 0}
                className={buttonClass("secondary", "sm")}
              >
                Sign out everywhere else
              </button>
            </Form>
            {/* A full page load: the site's session context starts afresh. */}
            <Form method="post" action="/sign-in" reloadDocument>
              <input type="hidden" name="intent" value="sign-out" />
              <button type="submit" className={buttonClass("secondary", "sm")}>
                Sign out
              </button>
            </Form>
          </div>
        </section>
      </div>
    </>
  );
}

export function meta(args: Route.MetaArgs) {
  return studioMeta(args, "Account");
}
