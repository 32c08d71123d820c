import { useEffect, useMemo, useRef } from "react";
import {
  data,
  Form,
  isRouteErrorResponse,
  Link,
  useNavigation,
} from "react-router";
import type { ShouldRevalidateFunctionArgs } from "react-router";

import { ErrorPage } from "~/components/page/error-page";
import { buttonClass } from "~/components/page/styles";
import { useNotice } from "~/components/section-list";
import { site } from "~/config/site";
import { servicesContext } from "~/context";
import { idempotencyKeyOf, submitContactMessage } from "~/data/messages.server";
import {
  CONTACT_LIMITS,
  IDEMPOTENCY_FIELD,
  contactNotice,
  contactTextOf,
  contactValuesFrom,
} from "~/lib/contact";
import type { ContactField, ContactResult } from "~/lib/contact";
import { useHydrated } from "~/lib/hydrated";
import { readForm } from "~/lib/form.server";
import { Icon } from "~/lib/icons";
import { pageMeta } from "~/lib/seo";
import { sharedOutcomeContext } from "~/lib/shared-document.server";
import { HONEYPOT_FIELD, caughtByHoneypot } from "~shared/honeypot";
import { errorMessage } from "~shared/error-message";

import type { Route } from "./+types/contact";

/**
 * Each rendering of the form carries its own key (a resend after a lost
 * answer is stored once); the page cache gives every response a fresh one.
 */
export function loader({ context }: Route.LoaderArgs) {
  return { formKey: context.get(servicesContext).formKey };
}

/**
 * After a message is sent the form gets a new key, for the next message;
 * after anything else it keeps its key, so sending again (say the answer was
 * lost) cannot store the message twice.
 */
export function shouldRevalidate({
  actionResult,
  defaultShouldRevalidate,
}: ShouldRevalidateFunctionArgs) {
  if (
    actionResult &&
    typeof actionResult === "object" &&
    "status" in actionResult &&
    actionResult.status !== "sent"
  )
    return false;
  return defaultShouldRevalidate;
}

export async function action({ request, context }: Route.ActionArgs) {
  const { db, env, logger, mail } = context.get(servicesContext);
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
      {
        recipient: env.CONTACT_TO ?? site.contactRecipient,
        siteUrl: env.SITE_URL,
      },
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

/**
 * In the browser the same schema checks the form first (so a missing field
 * shows its notice without a round trip), and a refusal from the server's
 * own defences becomes a notice instead of an error page.
 */
export async function clientAction({
  request,
  serverAction,
}: Route.ClientActionArgs): Promise<ContactResult> {
  const values = contactValuesFrom(await request.clone().formData());
  const { checkContact } = await loadContactSchema();
  const check = checkContact(values);
  if (!check.ok) {
    return {
      status: "invalid",
      missing: check.missing,
      errors: check.errors,
      values: contactTextOf(values),
    };
  }
  try {
    return await serverAction();
  } catch (error) {
    if (isRouteErrorResponse(error) && error.status === 429) {
      return { status: "limited", detail: limitDetail(error.data) };
    }
    return { status: "failed" };
  }
}

// The schema is code most visits never run: it loads when the visitor first
// focuses the form (see onFocus below), ahead of the submit that needs it.
const loadContactSchema = () => import("~/lib/contact-schema");

function limitDetail(body: unknown): string {
  const fallback =
    "You have sent too many requests in a short time. Please wait a minute and try again.";
  if (typeof body !== "string") return fallback;
  try {
    const parsed: unknown = JSON.parse(body);
    if (
      parsed &&
      typeof parsed === "object" &&
      "message" in parsed &&
      typeof parsed.message === "string"
    )
      return parsed.message;
  } catch {
    // Not JSON: the server answered in text.
  }
  return fallback;
}

export default function ContactPage({
  loaderData,
  actionData: result,
}: Route.ComponentProps) {
  const navigation = useNavigation();
  const busy =
    navigation.state === "submitting" &&
    navigation.formMethod?.toUpperCase() === "POST" &&
    navigation.formAction === "/contact";
  const hydrated = useHydrated();
  const formRef = useRef<HTMLFormElement>(null);

  const notice = useMemo(
    () => (result ? contactNotice(result) : undefined),
    [result],
  );
  useNotice(notice);

  useEffect(() => {
    const form = formRef.current;
    if (!form || !result) return;
    if (result.status === "sent") form.reset();
    if (result.status === "invalid") {
      const first = Object.keys(result.errors)[0];
      if (first) form.querySelector<HTMLElement>(`[name="${first}"]`)?.focus();
    }
  }, [result]);

  return (
    <>
      <section className="mx-auto max-w-7xl px-4 pt-16 pb-8 sm:px-6">
        <p className="text-sm font-semibold tracking-widest text-emerald-300 uppercase">
          Contact
        </p>
        <h1 className="mt-3 font-serif text-4xl font-bold text-white sm:text-5xl">
          Let&apos;s Connect
        </h1>
        <p className="mt-4 max-w-2xl text-lg text-slate-300">
          A question about mentoring, an invitation to speak, or a trail worth
          recommending: send a note and {site.ownerName} will read it
          personally.
        </p>
      </section>
      <div className="mx-auto grid max-w-7xl gap-8 px-4 pb-20 sm:px-6 lg:grid-cols-3">
        <section
          aria-labelledby="message-heading"
          className="rounded-2xl border border-white/10 bg-white/5 p-6 sm:p-8 lg:col-span-2"
        >
          <h2
            id="message-heading"
            className="font-serif text-2xl font-bold text-white"
          >
            Send a Message
          </h2>
          <Form
            method="post"
            ref={formRef}
            className="mt-6"
            aria-labelledby="message-heading"
            onFocus={() => void loadContactSchema()}
          >
            <fieldset disabled={busy} className="grid gap-5">
              <ContactInput
                field="name"
                label="Name"
                autoComplete="name"
                result={result}
              />
              <ContactInput
                field="email"
                label="Email"
                type="email"
                autoComplete="email"
                result={result}
              />
              <ContactInput
                field="message"
                label="Message"
                type="multiline"
                result={result}
              />
              <Honeypot />
              <input
                type="hidden"
                name={IDEMPOTENCY_FIELD}
                value={loaderData.formKey}
              />
              {result && !hydrated ? <Outcome result={result} /> : null}
              <div>
                <button type="submit" className={buttonClass("primary")}>
                  <Icon name="Send" aria-hidden="true" className="h-4 w-4" />
                  {busy ? "Sending..." : "Send Message"}
                </button>
              </div>
            </fieldset>
          </Form>
        </section>
        <aside
          aria-labelledby="elsewhere-heading"
          className="grid content-start gap-4"
        >
          <h2
            id="elsewhere-heading"
            className="font-serif text-2xl font-bold text-white"
          >
            Connect Elsewhere
          </h2>
          {connections.map((connection) => (
            <ConnectCard key={connection.title} {...connection} />
          ))}
        </aside>
      </div>
    </>
  );
}

/** The side cards: where else to find the owner, all from the site config. */
const connections = [
  {
    title: "LinkedIn",
    description: "Career updates, leadership notes and introductions.",
    href: site.links.linkedIn,
    linkText: "Connect on LinkedIn",
    icon: <Icon name="LinkedIn" className="h-6 w-6" />,
  },
  {
    title: "GitHub",
    description: "Side projects and the tools behind this site.",
    href: site.links.gitHub,
    linkText: "Follow on GitHub",
    icon: <Icon name="GitHub" className="h-6 w-6" />,
  },
  {
    title: "Professional Site",
    description: "Consulting, speaking and mentoring engagements.",
    href: site.links.professional,
    linkText: "Visit the professional site",
    icon: <Icon name="Globe" aria-hidden="true" className="h-6 w-6" />,
  },
];

const inputClass =
  "mt-2 block w-full rounded-xl border border-white/15 bg-slate-900 px-4 py-3 text-white placeholder:text-slate-500 focus:border-emerald-400 focus:outline-none disabled:opacity-70 aria-[invalid=true]:border-red-400";

/** One of the form's fields: required, limited, showing its error, and (after a post that did not go through) what was typed. */
function ContactInput({
  field,
  label,
  type = "text",
  autoComplete,
  result,
}: {
  field: ContactField;
  label: string;
  type?: "text" | "email" | "multiline";
  autoComplete?: string;
  result: ContactResult | undefined;
}) {
  const id = `contact-${field}`;
  const error = result?.status === "invalid" ? result.errors[field] : undefined;
  const control = {
    id,
    name: field,
    required: true,
    maxLength: CONTACT_LIMITS[field],
    defaultValue: result && "values" in result ? result.values?.[field] : "",
    "aria-invalid": error ? true : undefined,
    "aria-describedby": error ? `${id}-error` : undefined,
    className: inputClass,
  };
  return (
    <div>
      <label htmlFor={id} className="block text-sm font-medium text-slate-200">
        {label}
      </label>
      {type === "multiline" ? (
        <textarea rows={4} {...control} />
      ) : (
        <input type={type} autoComplete={autoComplete} {...control} />
      )}
      {error ? (
        <p id={`${id}-error`} className="mt-2 text-sm text-red-300">
          {error}
        </p>
      ) : null}
    </div>
  );
}

/** For bots only: off-screen, hidden from assistive technology and out of the tab order. */
function Honeypot() {
  return (
    <div
      aria-hidden="true"
      className="absolute -left-[10000px] h-px w-px overflow-hidden"
    >
      <label htmlFor="contact-website">Leave this field empty</label>
      <input
        id="contact-website"
        name={HONEYPOT_FIELD}
        type="text"
        tabIndex={-1}
        autoComplete="off"
        defaultValue=""
      />
    </div>
  );
}

/** The outcome in the page itself, for visitors without JavaScript (who get no notices). */
function Outcome({ result }: { result: ContactResult }) {
  const notice = contactNotice(result);
  if (!notice) {
    return (
      <p role="alert" className="text-sm text-red-300">
        Please correct the fields marked above.
      </p>
    );
  }
  const sent = result.status === "sent";
  return (
    <div
      role={sent ? "status" : "alert"}
      className={
        sent
          ? "rounded-xl border border-emerald-400/40 bg-emerald-500/10 p-4 text-emerald-100"
          : "rounded-xl border border-red-400/40 bg-red-500/10 p-4 text-red-100"
      }
    >
      <p className="font-semibold">{notice.title}</p>
      <p className="mt-1 text-sm">{notice.description}</p>
    </div>
  );
}

function ConnectCard({
  title,
  description,
  href,
  linkText,
  icon,
}: {
  title: string;
  description: string;
  href: string;
  linkText: string;
  icon: React.ReactNode;
}) {
  return (
    <article className="rounded-2xl border border-white/10 bg-white/5 p-6">
      <div className="flex items-center gap-3 text-amber-300">
        {icon}
        <h3 className="text-lg font-semibold text-white">{title}</h3>
      </div>
      <p className="mt-2 text-sm text-slate-300">{description}</p>
      <a
        href={href}
        target="_blank"
        rel="noopener noreferrer"
        className="mt-4 inline-flex items-center gap-2 text-sm font-semibold text-emerald-300 hover:text-emerald-200"
      >
        {linkText}
        <Icon name="ExternalLink" aria-hidden="true" className="h-4 w-4" />
        <span className="sr-only">(opens in a new tab)</span>
      </a>
    </article>
  );
}

export function meta(args: Route.MetaArgs) {
  return pageMeta(args, {
    page: "Contact",
    description: `Send ${site.ownerName} a message about mentoring, speaking or leadership work, or connect on LinkedIn and GitHub.`,
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
