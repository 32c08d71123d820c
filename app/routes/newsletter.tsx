import { data, Link } from "react-router";

import type { Route } from "./+types/newsletter";
import { NewsletterJoinForm } from "~/components/newsletter/join-form";
import { ErrorPage } from "~/components/page/error-page";
import { buttonClass } from "~/components/page/styles";
import { servicesContext } from "~/context";
import { newsletterForPage } from "~/data/newsletter-settings.server";
import { signUpForNewsletter } from "~/data/newsletter-signup.server";
import type { SignUpResult } from "~/data/newsletter-signup.server";
import { readForm } from "~/lib/form.server";
import { pageMeta } from "~/lib/seo";
import { errorMessage } from "~shared/error-message";

/** The join form on a page of its own (where a refused address is answered). */
export async function loader({ context }: Route.LoaderArgs) {
  return { newsletter: await newsletterForPage(context.get(servicesContext)) };
}

export async function action({ request, context }: Route.ActionArgs) {
  const services = context.get(servicesContext);
  const form = await readForm(request);
  try {
    const newsletter = await newsletterForPage(services);
    const result = await signUpForNewsletter(services, newsletter, form);
    const status =
      result.status === "invalid" ? 400 : result.status === "off" ? 404 : 200;
    return data(
      result satisfies SignUpResult,
      status === 200 ? undefined : { status },
    );
  } catch (error) {
    services.logger.error("newsletter: sign-up not stored", {
      error: errorMessage(error),
    });
    return data({ status: "failed" } as const, { status: 503 });
  }
}

export function headers() {
  // An answer names no one, but it answers one visitor's post.
  return { "Cache-Control": "private, no-store" };
}

export default function NewsletterPage({
  loaderData,
  actionData,
}: Route.ComponentProps) {
  const { newsletter } = loaderData;
  if (actionData?.status === "check-inbox") {
    return (
      <ErrorPage
        heading="Check your inbox"
        detail="If that address can be subscribed, a mail with a link to confirm is on its way. Open it within 48 hours to start receiving new posts. Nothing is sent until you confirm."
        alert
      >
        <Link to="/" className={buttonClass("secondary")}>
          Back to Home
        </Link>
      </ErrorPage>
    );
  }
  if (actionData?.status === "failed") {
    return (
      <ErrorPage
        heading="Not subscribed"
        detail="The address could not be stored just now. Please try again in a moment."
        alert
      >
        <Link to="/newsletter" className={buttonClass("primary")}>
          Try again
        </Link>
      </ErrorPage>
    );
  }
  if (!newsletter.enabled || actionData?.status === "off") {
    return (
      <ErrorPage
        heading="The newsletter is not open"
        detail="This site is not taking newsletter sign-ups at the moment. Nothing was stored."
      >
        <Link to="/" className={buttonClass("secondary")}>
          Back to Home
        </Link>
      </ErrorPage>
    );
  }
  const invalid = actionData?.status === "invalid" ? actionData : undefined;
  return (
    <section
      aria-labelledby="newsletter-page-heading"
      className="mx-auto max-w-2xl px-4 py-24 text-center sm:px-6"
    >
      <h1
        id="newsletter-page-heading"
        className="font-serif text-4xl font-bold tracking-tight text-white"
      >
        Join the Newsletter
      </h1>
      <p className="mt-4 text-slate-300">{newsletter.promise}</p>
      <NewsletterJoinForm
        settings={newsletter}
        source="/newsletter"
        labelledBy="newsletter-page-heading"
        email={invalid?.email}
        error={invalid?.error}
      />
    </section>
  );
}

export function meta(args: Route.MetaArgs) {
  return pageMeta(args, {
    page: "Newsletter",
    noindex: true,
    description: (settings) =>
      `Subscribe to new posts by ${settings.ownerName}, by mail.`,
  });
}
