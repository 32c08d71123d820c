import { useEffect, useId, useRef, useState } from "react";
import type { FormEvent } from "react";
import {
  data,
  Link,
  redirect,
  useNavigate,
  useSearchParams,
} from "react-router";

import type { Route } from "./+types/sign-in";
import { readAuthError } from "~/auth/auth-operations";
import {
  AuthScreen,
  FailureNotice,
  fieldClass,
  formCardClass,
  InfoNotice,
} from "~/auth/auth-screen";
import {
  authCookieHeaders,
  callAuthEndpoint,
  signInFormSchema,
} from "~/auth/form-calls.server";
import { returnPathAfterSignIn, safeReturnPath } from "~/auth/return-path";
import { PASSWORD_LENGTH } from "~/auth/rules";
import { useSession } from "~/auth/session-context";
import { hasOwner } from "~/auth/setup.server";
import { getViewer } from "~/auth/viewer.server";
import { buttonClass, textLinkClass } from "~/components/page/styles";
import { servicesContext } from "~/context";
import { parseForm, readForm } from "~/lib/form.server";
import { pageMeta } from "~/lib/seo";

interface SignedInViewer {
  name: string;
  email: string;
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const { auth, db, env, pageIncomplete } = context.get(servicesContext);
  const url = new URL(request.url);
  // By host: behind a TLS proxy without TRUST_PROXY the scheme reads http.
  const hosts = env.SIGN_IN_ORIGINS.map((origin) => new URL(origin).host);
  if (!hosts.includes(url.host)) {
    // Only for this address: the page cache must not give it to the right one.
    pageIncomplete();
    return {
      viewer: null,
      signInAt: `${env.SITE_URL}/sign-in`,
      setupNeeded: false,
      resetByMail: false,
      passwordReset: false,
    };
  }
  const viewer = await getViewer(request, auth);
  // Sent here by the studio: already signed in, go straight back.
  const back = safeReturnPath(url.searchParams.get("redirectTo"));
  if (viewer && back) throw redirect(back);
  const signedIn: SignedInViewer | null = viewer
    ? { name: viewer.name, email: viewer.email }
    : null;
  return {
    viewer: signedIn,
    signInAt: null,
    setupNeeded: !viewer && !(await hasOwner(db)),
    resetByMail: Boolean(env.SMTP_URL),
    passwordReset: url.searchParams.get("reset") === "done",
  };
}

// Without JavaScript the forms post here; with it, the session context calls
// the auth API directly (toasts, no reload) and this action is not used.
export async function action({ request, context }: Route.ActionArgs) {
  const { auth, env } = context.get(servicesContext);
  // JSON, or a body that is not a form, is refused with a 4xx that says why.
  const form = await readForm(request);
  const signingOut = form.get("intent") === "sign-out";
  const email = String(form.get("email") ?? "");
  const failure = (title: string, message: string, status: number) =>
    data({ failure: { title, message }, email }, { status });

  if (signingOut) {
    const response = await callAuthEndpoint(
      auth,
      request,
      env.SITE_URL,
      "/sign-out",
    );
    if (!response.ok) {
      const { message } = await readAuthError(response);
      return failure("Sign out Failed", message, response.status);
    }
    return redirect("/sign-in", { headers: authCookieHeaders(response) });
  }

  const parsed = parseForm(form, signInFormSchema);
  if (!parsed.ok) return failure("Sign in Failed", parsed.message, 400);
  const response = await callAuthEndpoint(
    auth,
    request,
    env.SITE_URL,
    "/sign-in/email",
    parsed.data,
  );
  if (!response.ok) {
    const { message } = await readAuthError(response);
    return failure("Sign in Failed", message, response.status);
  }
  const back = returnPathAfterSignIn(
    new URL(request.url).searchParams.get("redirectTo"),
  );
  return redirect(back, {
    headers: authCookieHeaders(response),
  });
}

export default function SignInPage({
  loaderData,
  actionData,
}: Route.ComponentProps) {
  const session = useSession();
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const back = returnPathAfterSignIn(searchParams.get("redirectTo"));
  // The server knows the session for the first render; after hydration the
  // session context (updated by every sign in and out) takes over.
  const viewer = session.loading ? loaderData.viewer : session.user;
  // Focus follows a sign out made on this page, not the first render.
  const [changedHere, setChangedHere] = useState(false);
  const failure = actionData?.failure;
  const errorId = useId();

  if (loaderData.signInAt) {
    return (
      <AuthScreen
        title="Sign In"
        intro="The owner signs in at the site's own address, not at this one."
      >
        <p className="mt-6 text-slate-300">
          Please open{" "}
          <a href={loaderData.signInAt} className={textLinkClass}>
            {loaderData.signInAt}
          </a>{" "}
          and sign in there.
        </p>
      </AuthScreen>
    );
  }

  return (
    <AuthScreen
      title="Sign In"
      intro="For the site's owner. Visitors can read everything without an account."
    >
      {loaderData.setupNeeded ? (
        <InfoNotice>
          This site has no owner yet. When the server started, it printed a
          one-time setup address (ending in <code>/setup?token=…</code>) in its
          output; open it to create the owner&apos;s account. Each start prints
          a new one while there is no owner.
        </InfoNotice>
      ) : null}
      {loaderData.passwordReset ? (
        <InfoNotice>
          Your password was changed. Sign in with the new one.
        </InfoNotice>
      ) : null}
      {failure ? (
        <FailureNotice
          id={errorId}
          title={failure.title}
          message={failure.message}
        />
      ) : null}
      {viewer ? (
        <SignedInPanel
          viewer={viewer}
          focusOnShow={changedHere}
          onSignedOut={() => setChangedHere(true)}
        />
      ) : (
        <SignInForm
          defaultEmail={actionData?.email}
          describedBy={failure ? errorId : undefined}
          focusOnShow={changedHere}
          onSignedIn={() => void navigate(back)}
        />
      )}
      {!viewer && loaderData.resetByMail ? (
        <p className="mt-6">
          <Link to="/forgot-password" className={textLinkClass}>
            Forgot your password?
          </Link>
        </p>
      ) : null}
    </AuthScreen>
  );
}

function SignInForm({
  defaultEmail,
  describedBy,
  focusOnShow,
  onSignedIn,
}: {
  defaultEmail: string | undefined;
  describedBy: string | undefined;
  focusOnShow: boolean;
  onSignedIn: () => void;
}) {
  const { signIn } = useSession();
  const [busy, setBusy] = useState(false);
  const emailInput = useFocusWhen<HTMLInputElement>(focusOnShow);
  const passwordInput = useRef<HTMLInputElement>(null);

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    setBusy(true);
    const { error } = await signIn(
      String(form.get("email") ?? "").trim(),
      String(form.get("password") ?? ""),
    );
    setBusy(false);
    if (error) {
      // The toast says what went wrong; the password is ready to retype.
      passwordInput.current?.focus();
      passwordInput.current?.select();
    } else {
      onSignedIn();
    }
  }

  return (
    <form method="post" onSubmit={handleSubmit} className={formCardClass}>
      <input type="hidden" name="intent" value="sign-in" />
      <div>
        <label htmlFor="sign-in-email" className="font-medium text-slate-200">
          Email
        </label>
        <input
          ref={emailInput}
          id="sign-in-email"
          name="email"
          type="email"
          autoComplete="username"
          required
          maxLength={254}
          defaultValue={defaultEmail}
          aria-describedby={describedBy}
          className={fieldClass}
        />
      </div>
      <div>
        <label
          htmlFor="sign-in-password"
          className="font-medium text-slate-200"
        >
          Password
        </label>
        <input
          ref={passwordInput}
          id="sign-in-password"
          name="password"
          type="password"
          autoComplete="current-password"
          required
          maxLength={PASSWORD_LENGTH.max}
          aria-describedby={describedBy}
          className={fieldClass}
        />
      </div>
      <button type="submit" disabled={busy} className={buttonClass()}>
        {busy ? "Signing in..." : "Sign in"}
      </button>
    </form>
  );
}

function SignedInPanel({
  viewer,
  focusOnShow,
  onSignedOut,
}: {
  viewer: SignedInViewer;
  focusOnShow: boolean;
  onSignedOut: () => void;
}) {
  const { signOut } = useSession();
  const [busy, setBusy] = useState(false);
  const heading = useFocusWhen<HTMLHeadingElement>(focusOnShow);

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setBusy(true);
    const { error } = await signOut();
    setBusy(false);
    if (!error) onSignedOut();
  }

  return (
    <div className="mt-8 rounded-2xl border border-white/10 bg-white/5 p-6">
      <h2
        ref={heading}
        tabIndex={-1}
        className="text-xl font-semibold text-white focus:outline-none"
      >
        Signed in
      </h2>
      <p className="mt-2 text-slate-300">
        Signed in as <strong className="text-white">{viewer.name}</strong> (
        {viewer.email}).
      </p>
      <form method="post" onSubmit={handleSubmit} className="mt-6">
        <input type="hidden" name="intent" value="sign-out" />
        <button type="submit" disabled={busy} className={buttonClass()}>
          {busy ? "Signing out..." : "Sign out"}
        </button>
      </form>
    </div>
  );
}

/** A ref to the element that takes focus when `focus` is true as it shows (after a sign in or out on this page). */
function useFocusWhen<T extends HTMLElement>(focus: boolean) {
  const element = useRef<T>(null);
  useEffect(() => {
    if (focus) element.current?.focus();
  }, [focus]);
  return element;
}

export function meta(args: Route.MetaArgs) {
  return pageMeta(args, {
    page: "Sign In",
    description: (settings) =>
      `Sign-in for the owner of Live ${settings.productName}. Visitors can read every page without an account.`,
    noindex: true,
  });
}
