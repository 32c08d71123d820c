// The page a mailed reset link opens: the owner chooses a new password, the
// link is void from then on, and every session of the account ends.
import { data, Form, Link, redirect, useNavigation } from "react-router";

import type { Route } from "./+types/reset-password";
import { readAuthError } from "~/auth/auth-operations";
import {
  AuthScreen,
  FailureNotice,
  formCardClass,
  NewPasswordFields,
} from "~/auth/auth-screen";
import { callAuthEndpoint } from "~/auth/form-calls.server";
import { resetFormSchema } from "~/auth/forms";
import { resetTokenValid } from "~/auth/reset.server";
import { buttonClass, textLinkClass } from "~/components/page/styles";
import { servicesContext } from "~/context";
import { readFormWith } from "~/lib/form.server";
import { pageMeta } from "~/lib/seo";

const tokenOf = (request: Request) =>
  new URL(request.url).searchParams.get("token");

export async function loader({ request, context }: Route.LoaderArgs) {
  const { db } = context.get(servicesContext);
  const valid = await resetTokenValid(db, tokenOf(request));
  return data({ valid }, { status: valid ? 200 : 404 });
}

// The address holds a reset token: no cache, the browser's included, keeps it.
export function headers() {
  return { "Cache-Control": "no-store" };
}

export async function action({ request, context }: Route.ActionArgs) {
  const { auth, env } = context.get(servicesContext);
  const form = await readFormWith(request, resetFormSchema);
  if (!form.ok) return data({ failure: form.message }, { status: 400 });
  const response = await callAuthEndpoint(
    auth,
    request,
    env.SITE_URL,
    "/reset-password",
    { token: tokenOf(request) ?? "", newPassword: form.data.password },
  );
  if (!response.ok) {
    const { message } = await readAuthError(response);
    return data({ failure: message }, { status: response.status });
  }
  return redirect("/sign-in?reset=done");
}

export default function ResetPasswordPage({
  loaderData,
  actionData,
}: Route.ComponentProps) {
  const busy = useNavigation().state === "submitting";
  if (!loaderData.valid) {
    return (
      <AuthScreen
        title="Choose a New Password"
        intro="This link has expired or was already used."
      >
        <p className="mt-6">
          <Link to="/forgot-password" className={textLinkClass}>
            Ask for a new link
          </Link>
        </p>
      </AuthScreen>
    );
  }
  return (
    <AuthScreen
      title="Choose a New Password"
      intro="Every device signed in to the owner's account is signed out when it changes."
    >
      {actionData?.failure ? (
        <FailureNotice title="Reset Failed" message={actionData.failure} />
      ) : null}
      <Form method="post" className={formCardClass}>
        <NewPasswordFields idPrefix="reset" label="New password" />
        <button type="submit" disabled={busy} className={buttonClass()}>
          {busy ? "Saving..." : "Save the new password"}
        </button>
      </Form>
    </AuthScreen>
  );
}

export function meta(args: Route.MetaArgs) {
  return pageMeta(args, {
    page: "Choose a New Password",
    description: (settings) =>
      `Choose a new password for the owner of Live ${settings.productName}.`,
    noindex: true,
  });
}
