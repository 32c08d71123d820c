import { data, Link } from "react-router";

import type { Route } from "./+types/newsletter-confirm";
import { ErrorPage } from "~/components/page/error-page";
import { buttonClass } from "~/components/page/styles";
import { servicesContext } from "~/context";
import { confirmSubscription } from "~database/newsletter";
import type { ConfirmOutcome } from "~database/newsletter";
import { pageMeta } from "~/lib/seo";

/**
 * The link of the confirmation mail: it confirms as it opens (the reader
 * came from their own inbox), once, within 48 hours; what else is answered
 * says why nothing changed.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { db } = context.get(servicesContext);
  const token = new URL(request.url).searchParams.get("token") ?? "";
  const outcome: ConfirmOutcome = await confirmSubscription(db, token);
  return data(
    { outcome },
    {
      status: outcome === "confirmed" ? 200 : outcome === "expired" ? 410 : 404,
    },
  );
}

export function headers() {
  return { "Cache-Control": "private, no-store" };
}

const answers: Record<ConfirmOutcome, { heading: string; detail: string }> = {
  confirmed: {
    heading: "Subscription confirmed",
    detail:
      "Thank you: new posts will come to your inbox. Every mail has a link to leave with one click.",
  },
  expired: {
    heading: "This link has expired",
    detail:
      "Confirmation links work for 48 hours. Sign up again from the form and a new link will be mailed to you.",
  },
  unknown: {
    heading: "This link does not work",
    detail:
      "It has been used already, or it is not a confirmation link of this site. If you are not subscribed yet, sign up again from the form.",
  },
};

export default function NewsletterConfirmPage({
  loaderData,
}: Route.ComponentProps) {
  const answer = answers[loaderData.outcome];
  return (
    <ErrorPage heading={answer.heading} detail={answer.detail}>
      <Link to="/" className={buttonClass("secondary")}>
        Back to Home
      </Link>
    </ErrorPage>
  );
}

export function meta(args: Route.MetaArgs) {
  return pageMeta(args, {
    page: "Newsletter",
    noindex: true,
    description: "Confirm a newsletter subscription.",
  });
}
