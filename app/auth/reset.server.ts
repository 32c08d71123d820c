// Password reset by mail (with SMTP_URL): the owner's reset link queued on
// the mail outbox, and whether a mailed token still works (docs/AUTH.md).
import { and, eq, gt, like, sql } from "drizzle-orm";

import type { SiteSettings } from "~/config/site";
import type { Database } from "~database/client";
import { mailOutbox, users, verifications } from "~database/schema";
import { countRequest } from "~database/request-counts";

import { RESET_LINK_MINUTES } from "./rules";
import { tokenLive } from "./token-live.server";

/**
 * Whether a mailed reset token still works: better-auth keeps it as
 * `reset-password:<token>` until it is used or expires.
 */
export function resetTokenValid(
  db: Database,
  token: string | null,
): Promise<boolean> {
  return tokenLive(db, token, (live) =>
    and(
      eq(verifications.identifier, `reset-password:${live}`),
      gt(verifications.expiresAt, sql`now()`),
    ),
  );
}

/**
 * Ends every reset link still outstanding for an account: one link used, or
 * the password changed any other way, and the others mailed before it must
 * not reset the new password.
 */
export async function endResetLinks(
  db: Pick<Database, "delete">,
  userId: string,
) {
  await db
    .delete(verifications)
    .where(
      and(
        like(verifications.identifier, "reset-password:%"),
        eq(verifications.value, userId),
      ),
    );
}

/** The site's page a mailed reset link opens (`?token=…`). */
export const RESET_PASSWORD_PATH = "/reset-password";

/** The mail outbox, and the settings as saved, which the reset mail's subject names. */
export interface ResetMail {
  nudge(): void;
  settings(): Promise<Pick<SiteSettings, "productName">>;
}

/** Reset mails one account may be sent per window, whoever asks. */
const RESET_MAILS = { windowMs: 60 * 60_000, max: 3 } as const;

/**
 * Queues the reset link for the owner (nobody else has a password to
 * reset), at most RESET_MAILS an hour, through the mail outbox.
 */
export async function queueResetMail(
  db: Database,
  mail: ResetMail,
  siteUrl: string,
  userId: string,
  token: string,
) {
  const [user] = await db
    .select({ email: users.email, role: users.role })
    .from(users)
    .where(eq(users.id, userId));
  if (user?.role !== "owner") return;
  const sent = await countRequest(
    db,
    `reset-mail:${user.email}`,
    RESET_MAILS.windowMs,
  );
  if (sent.count > RESET_MAILS.max) return;
  const { productName } = await mail.settings();
  await db.insert(mailOutbox).values({
    recipient: user.email,
    subject: `Choose a new password for Live ${productName}`,
    body: [
      `Someone (we hope you) asked to reset the owner's password at ${siteUrl}.`,
      "",
      `To choose a new one, open this link within ${RESET_LINK_MINUTES} minutes. It works once:`,
      `${siteUrl}${RESET_PASSWORD_PATH}?token=${token}`,
      "",
      "If it was not you, ignore this mail: your password stays as it is.",
    ].join("\n"),
  });
  mail.nudge();
}
