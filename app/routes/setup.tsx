// The first day in the browser: the one-time address the server printed at
// start opens this page, which creates the owner's account and signs in.
import { data, Form, redirect, useNavigation } from "react-router";

import type { Route } from "./+types/setup";
import {
  AuthScreen,
  FailureNotice,
  formCardClass,
  NewPasswordFields,
  TextField,
} from "~/auth/auth-screen";
import { authCookieHeaders, callAuthEndpoint } from "~/auth/form-calls.server";
import { setupFormSchema } from "~/auth/forms";
import { completeSetup, setupTokenValid } from "~/auth/setup.server";
import { buttonClass } from "~/components/page/styles";
import { servicesContext } from "~/context";
import { readFormWith } from "~/lib/form.server";
import { pageMeta } from "~/lib/seo";

const gone = () =>
  data(
    { message: "This setup address is not valid (any more)." },
    { status: 404 },
  );

const tokenOf = (request: Request) =>
  new URL(request.url).searchParams.get("token");

export async function loader({ request, context }: Route.LoaderArgs) {
  const { db, settings } = context.get(servicesContext);
  if (!(await setupTokenValid(db, tokenOf(request)))) throw gone();
  return { ownerName: settings.ownerName };
}

export async function action({ request, context }: Route.ActionArgs) {
  const { auth, db, env, logger } = context.get(servicesContext);
  const token = tokenOf(request);
  if (!(await setupTokenValid(db, token))) throw gone();
  const form = await readFormWith(request, setupFormSchema);
  if (!form.ok) return data({ failure: form.message }, { status: 400 });
  const { name, email, password } = form.data;
  const created = await completeSetup(db, token ?? "", {
    name,
    email,
    password,
  });
  if (!created) throw gone();
  logger.info("owner created from the setup address");
  const signedIn = await callAuthEndpoint(
    auth,
    request,
    env.SITE_URL,
    "/sign-in/email",
    { email, password },
  );
  if (!signedIn.ok) return redirect("/sign-in");
  return redirect("/studio", { headers: authCookieHeaders(signedIn) });
}

export default function SetupPage({
  loaderData,
  actionData,
}: Route.ComponentProps) {
  const busy = useNavigation().state === "submitting";
  return (
    <AuthScreen
      title="Welcome"
      intro="This site has no owner yet. Create the owner's account: you will sign in with this email and password."
    >
      {actionData?.failure ? (
        <FailureNotice
          id="setup-failure"
          title="Setup Failed"
          message={actionData.failure}
        />
      ) : null}
      <Form method="post" className={formCardClass}>
        <TextField
          id="setup-name"
          name="name"
          label="Your name"
          autoComplete="name"
          required
          maxLength={100}
          defaultValue={loaderData.ownerName}
        />
        <TextField
          id="setup-email"
          name="email"
          type="email"
          label="Email"
          autoComplete="username"
          required
          maxLength={254}
        />
        <NewPasswordFields idPrefix="setup" label="Password" />
        <button type="submit" disabled={busy} className={buttonClass()}>
          {busy ? "Creating the account..." : "Create the owner's account"}
        </button>
      </Form>
    </AuthScreen>
  );
}

export function meta(args: Route.MetaArgs) {
  return pageMeta(args, {
    page: "Set Up",
    description: (settings) =>
      `Create the owner's account of Live ${settings.productName}.`,
    noindex: true,
  });
}
