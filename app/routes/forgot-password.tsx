// "Forgot your password?": with SMTP_URL set, mails the owner a link to
// choose a new one. The answer is the same whoever's address is typed.
import { data, Form, Link, useNavigation } from "react-router";

import type { Route } from "./+types/forgot-password";
import { readAuthError } from "~/auth/auth-operations";
import {
  AuthScreen,
  FailureNotice,
  formCardClass,
  InfoNotice,
  TextField,
} from "~/auth/auth-screen";
import { callAuthEndpoint } from "~/auth/form-calls.server";
import { forgotFormSchema } from "~/auth/forms";
import { RESET_LINK_MINUTES } from "~/auth/rules";
import { buttonClass, textLinkClass } from "~/components/page/styles";
import { servicesContext } from "~/context";
import { readFormWith } from "~/lib/form.server";
import { pageMeta } from "~/lib/seo";

export function loader({ context }: Route.LoaderArgs) {
  const { env } = context.get(servicesContext);
  return { mailOn: Boolean(env.SMTP_URL) };
}

export async function action({ request, context }: Route.ActionArgs) {
  const { auth, env } = context.get(servicesContext);
  if (!env.SMTP_URL)
    return data(
      { failure: "Password reset by mail is off on this site." },
      {
        status: 404,
      },
    );
  const form = await readFormWith(request, forgotFormSchema);
  if (!form.ok) return data({ failure: form.message }, { status: 400 });
  const response = await callAuthEndpoint(
    auth,
    request,
    env.SITE_URL,
    "/request-password-reset",
    { email: form.data.email },
  );
  if (!response.ok) {
    const { message } = await readAuthError(response);
    return data({ failure: message }, { status: response.status });
  }
  return { sent: true as const };
}

export default function ForgotPasswordPage({
  loaderData,
  actionData,
}: Route.ComponentProps) {
  const busy = useNavigation().state === "submitting";
  if (!loaderData.mailOn) {
    return (
      <AuthScreen
        title="Forgot Your Password?"
        intro="This site sends no mail, so a password cannot be reset from here."
      >
        <p className="mt-6 text-slate-300">
          Whoever runs the server can set a new one with{" "}
          <code className="text-white">npm run owner:create</code> (see the
          README), or set <code className="text-white">SMTP_URL</code> to turn
          on reset by mail.
        </p>
      </AuthScreen>
    );
  }
  return (
    <AuthScreen
      title="Forgot Your Password?"
      intro={`Type the owner's email address. A link to choose a new password goes there; it works once, within ${RESET_LINK_MINUTES} minutes.`}
    >
      {actionData && "failure" in actionData ? (
        <FailureNotice title="Reset Failed" message={actionData.failure} />
      ) : null}
      {actionData && "sent" in actionData ? (
        <InfoNotice>
          If that is the owner&apos;s address, a link to choose a new password
          is on its way. Check the inbox (and the spam folder) in a minute.
        </InfoNotice>
      ) : null}
      <Form method="post" className={formCardClass}>
        <TextField
          id="forgot-email"
          name="email"
          type="email"
          label="Email"
          autoComplete="username"
          required
          maxLength={254}
        />
        <button type="submit" disabled={busy} className={buttonClass()}>
          {busy ? "Sending..." : "Send the link"}
        </button>
      </Form>
      <p className="mt-6">
        <Link to="/sign-in" className={textLinkClass}>
          Back to sign in
        </Link>
      </p>
    </AuthScreen>
  );
}

export function meta(args: Route.MetaArgs) {
  return pageMeta(args, {
    page: "Forgot Your Password?",
    description: (settings) =>
      `Reset the owner's password of Live ${settings.productName}.`,
    noindex: true,
  });
}
