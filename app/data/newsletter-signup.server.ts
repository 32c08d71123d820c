// A reader's sign-up, as /newsletter's action takes it (docs/decisions/060):
// the same answer whether the address was known, confirmed, or mailed
// already today, so the page tells no one who subscribes.
import type { AppServices } from "~/context";
import {
  consentWording,
  newsletterSignUpSchema,
} from "~/lib/newsletter-schema";
import type { NewsletterSettings } from "~/lib/newsletter-schema";
import { CONFIRM_LINK_HOURS, requestSubscription } from "~database/newsletter";
import { caughtByHoneypot } from "~shared/honeypot";

export const CONFIRM_PATH = "/newsletter/confirm";
export const UNSUBSCRIBE_PATH = "/newsletter/unsubscribe";

export type SignUpResult =
  | { status: "check-inbox" }
  | { status: "invalid"; error: string; email: string }
  | { status: "off" };

/** The confirmation mail: the link, what it is for, and what ignoring it does. */
export function confirmationMail(
  siteUrl: string,
  settings: NewsletterSettings,
  token: string,
  unsubscribeToken: string,
) {
  return {
    subject: `Confirm your subscription to ${settings.listName}`,
    body: [
      `Someone (we hope you) asked to receive ${settings.listName} from ${siteUrl}.`,
      "",
      `To confirm, open this link within ${CONFIRM_LINK_HOURS} hours. It works once:`,
      `${siteUrl}${CONFIRM_PATH}?token=${token}`,
      "",
      "If it was not you, ignore this mail: nothing more will be sent to you.",
      "",
      "Changed your mind later? Every newsletter mail has a link to leave; this one works too:",
      `${siteUrl}${UNSUBSCRIBE_PATH}?token=${unsubscribeToken}`,
    ].join("\n"),
  };
}

export async function signUpForNewsletter(
  services: Pick<AppServices, "db" | "env" | "logger" | "mail">,
  settings: NewsletterSettings,
  form: FormData,
): Promise<SignUpResult> {
  if (!settings.enabled) return { status: "off" };
  if (caughtByHoneypot(form)) {
    services.logger.info("newsletter: honeypot filled; nothing stored");
    return { status: "check-inbox" };
  }
  const typed = form.get("email");
  const parsed = newsletterSignUpSchema.safeParse({
    email: typed,
    source: form.get("source") ?? "/",
  });
  if (!parsed.success) {
    return {
      status: "invalid",
      error: parsed.error.issues[0]?.message ?? "Please check the address.",
      email: typeof typed === "string" ? typed.slice(0, 254) : "",
    };
  }
  const { mailed } = await requestSubscription(
    services.db,
    {
      email: parsed.data.email,
      source: parsed.data.source,
      wording: consentWording(settings),
    },
    (token, unsubscribeToken) =>
      confirmationMail(
        services.env.SITE_URL,
        settings,
        token,
        unsubscribeToken,
      ),
  );
  if (mailed) services.mail.nudge();
  return { status: "check-inbox" };
}
