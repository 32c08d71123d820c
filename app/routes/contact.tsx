import { data, isRouteErrorResponse, Link } from "react-router";

import { ConnectElsewhere } from "~/components/contact/connect-elsewhere";
import { ContactForm } from "~/components/contact/contact-form";
import { ErrorPage } from "~/components/page/error-page";
import { buttonClass } from "~/components/page/styles";
import { PageNotice } from "~/components/ui/page-notices";
import { servicesContext } from "~/context";
import {
  idempotencyKeyOf,
  notificationFor,
  submitContactMessage,
} from "~/data/messages.server";
import { contactNotice, contactTextOf, contactValuesFrom } from "~/lib/contact";
import type { ContactResult } from "~/lib/contact";
import { readForm } from "~/lib/form.server";
import { useSiteSettings } from "~/lib/root-data";
import { pageMeta } from "~/lib/seo";
import { notImplementedToast } from "~/lib/toast";
import { sharedOutcomeContext } from "~/lib/shared-document.server";
import { caughtByHoneypot } from "~shared/honeypot";
import { errorMessage } from "~shared/error-message";

import type { Route } from "./+types/contact";

/**
 * Each rendering of the form carries its own key (a resend after a lost
 * answer is stored once); the page cache gives every response a fresh one.
 * An event's "Learn More & RSVP" leads here with ?notice=not-implemented:
 * the page answers with that notice, with or without script.
 */
export function loader({ context, request }: Route.LoaderArgs) {
  const notice = new URL(request.url).searchParams.get("notice");
  return {
    formKey: context.get(servicesContext).formKey,
    notImplemented: notice === "not-implemented",
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const { db, env, logger, mail, settings } = context.get(servicesContext);
  const form = await readForm(request);
  // 'Sent' repeats nothing the visitor typed, so its page is the same for
  // everyone and need not be rendered for each message.
  const sent = () => {
    context.set(sharedOutcomeContext, "sent");
    return { status: "sent" } satisfies ContactResult;
  };
  if (caughtByHoneypot(form)) {
    logger.info("contact: honeypot filled; nothing stored");
    return sent();
  }
  const values = contactValuesFrom(form);
  try {
    const result = await submitContactMessage(
      db,
      values,
      notificationFor(env, settings),
      idempotencyKeyOf(form),
    );
    if (!result.ok) {
      return data(
        {
          status: "invalid",
          missing: result.missing,
          errors: result.errors,
          values: contactTextOf(values),
        } satisfies ContactResult,
        { status: 400 },
      );
    }
    mail.nudge();
    return sent();
  } catch (error) {
    logger.error("contact: message not stored", {
      error: errorMessage(error),
    });
    return data(
      {
        status: "failed",
        values: contactTextOf(values),
      } satisfies ContactResult,
      { status: 503 },
    );
  }
}

export default function ContactPage({
  loaderData,
  actionData: result,
}: Route.ComponentProps) {
  const { ownerName } = useSiteSettings();
  const notice = result
    ? contactNotice(result)
    : loaderData.notImplemented
      ? notImplementedToast
      : undefined;

  return (
    <>
      <PageNotice notice={notice} />
      <section className="mx-auto max-w-7xl px-4 pt-16 pb-8 sm:px-6">
        <p className="text-sm font-semibold tracking-widest text-emerald-300 uppercase">
          Contact
        </p>
        <h1 className="mt-3 font-serif text-4xl font-bold text-white sm:text-5xl">
          Let&apos;s Connect
        </h1>
        <p className="mt-4 max-w-2xl text-lg text-slate-300">
          A question about mentoring, an invitation to speak, or a trail worth
          recommending: send a note and {ownerName} will read it personally.
        </p>
      </section>
      <div className="mx-auto grid max-w-7xl gap-8 px-4 pb-20 sm:px-6 lg:grid-cols-3">
        <ContactForm formKey={loaderData.formKey} result={result} />
        <ConnectElsewhere />
      </div>
    </>
  );
}

export function meta(args: Route.MetaArgs) {
  return pageMeta(args, {
    page: "Contact",
    description: (settings) =>
      `Send ${settings.ownerName} a message about mentoring, speaking or leadership work, or connect on LinkedIn and GitHub.`,
  });
}

/** A request the action refused outright (not a form, unreadable): said plainly, with the way back. */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const detail =
    isRouteErrorResponse(error) &&
    error.status < 500 &&
    typeof error.data === "object" &&
    error.data !== null &&
    "message" in error.data &&
    typeof error.data.message === "string"
      ? error.data.message
      : "Something went wrong. Please try again later.";
  return (
    <ErrorPage heading="Your message was not sent" detail={detail} alert>
      <Link to="/contact" className={buttonClass("primary")}>
        Back to the Contact Form
      </Link>
    </ErrorPage>
  );
}
