import { data, Link } from "react-router";

import type { Route } from "./+types/newsletter-unsubscribe";
import { ErrorPage } from "~/components/page/error-page";
import { buttonClass } from "~/components/page/styles";
import { servicesContext } from "~/context";
import { readForm } from "~/lib/form.server";
import { pageMeta } from "~/lib/seo";
import { statusOfUnsubscribeToken, unsubscribe } from "~database/newsletter";

// Every newsletter mail links here (List-Unsubscribe and its footer). Opening
// the link changes nothing: mail scanners follow links, so the page has one
// button. A POST to the same address unsubscribes at once (RFC 8058's
// one-click, sent by mail clients with no cookie): the token in the link is
// all it needs.

const tokenOf = (request: Request) =>
  new URL(request.url).searchParams.get("token") ?? "";

export async function loader({ request, context }: Route.LoaderArgs) {
  const { db } = context.get(servicesContext);
  const token = tokenOf(request);
  const status = await statusOfUnsubscribeToken(db, token);
  return data(
    {
      known: status !== undefined,
      // Only the link's holder learns this: its token is in their mail alone.
      subscribed: status === "pending" || status === "confirmed",
      token,
    },
    { status: status ? 200 : 404 },
  );
}

export async function action({ request, context }: Route.ActionArgs) {
  const { db } = context.get(servicesContext);
  // Read whole, so a one-click body (List-Unsubscribe=One-Click) is taken too.
  await readForm(request);
  const outcome = await unsubscribe(db, tokenOf(request));
  return data({ outcome }, { status: outcome === "unsubscribed" ? 200 : 404 });
}

export function headers() {
  return { "Cache-Control": "private, no-store" };
}

export default function NewsletterUnsubscribePage({
  loaderData,
  actionData,
}: Route.ComponentProps) {
  const home = (
    <Link to="/" className={buttonClass("secondary")}>
      Back to Home
    </Link>
  );
  if (
    actionData?.outcome === "unsubscribed" ||
    (loaderData.known && !loaderData.subscribed)
  ) {
    return (
      <ErrorPage
        heading="You are unsubscribed"
        detail="No more newsletter mail will come to this address. To receive it again, sign up and confirm once more."
        alert
      >
        {home}
      </ErrorPage>
    );
  }
  if (!loaderData.known || actionData?.outcome === "unknown") {
    return (
      <ErrorPage
        heading="This link does not work"
        detail="It is not an unsubscribe link of this site's newsletter. Nothing was changed."
      >
        {home}
      </ErrorPage>
    );
  }
  return (
    <ErrorPage
      heading="Unsubscribe from the newsletter"
      detail="One click and this address gets no more newsletter mail."
    >
      <form
        method="post"
        action={`/newsletter/unsubscribe?token=${encodeURIComponent(loaderData.token)}`}
      >
        <button type="submit" className={buttonClass("primary")}>
          Unsubscribe
        </button>
      </form>
    </ErrorPage>
  );
}

export function meta(args: Route.MetaArgs) {
  return pageMeta(args, {
    page: "Unsubscribe",
    noindex: true,
    description: "Leave the newsletter with one click.",
  });
}
