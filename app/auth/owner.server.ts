// The owner account: created (or an existing account promoted, with a new
// password) by `npm run owner:create`, and by the journey servers' setup.
import { randomUUID } from "node:crypto";

import { hashPassword } from "better-auth/crypto";
import { and, eq } from "drizzle-orm";
import { z } from "zod";

import { readSettings } from "~/data/site-settings.server";
import type { Database } from "~database/client";
import { accounts, sessions, users } from "~database/schema";

import { endResetLinks } from "./reset.server";
import { PASSWORD_LENGTH } from "./rules";

/** better-auth's provider id for email-and-password accounts. */
const CREDENTIAL_PROVIDER = "credential";

export const ownerInputSchema = z.object({
  // better-auth looks accounts up by the lowercased address.
  email: z
    .string()
    .trim()
    .toLowerCase()
    .pipe(z.email("must be a real email address")),
  password: z
    .string()
    .min(
      PASSWORD_LENGTH.min,
      `must be at least ${PASSWORD_LENGTH.min} characters`,
    )
    .max(
      PASSWORD_LENGTH.max,
      `must be at most ${PASSWORD_LENGTH.max} characters`,
    ),
  name: z.string().trim().min(1).max(100).optional(),
});

export type OwnerInput = z.input<typeof ownerInputSchema>;

export interface OwnerResult {
  userId: string;
  /** False when an existing account was promoted and given the new password. */
  created: boolean;
  /** Sessions ended because the password changed. */
  sessionsEnded: number;
}

/** Creates the owner account, or makes an existing account the owner with this password. */
export async function createOwner(
  db: Database,
  input: OwnerInput,
): Promise<OwnerResult> {
  const { email, password, name } = ownerInputSchema.parse(input);
  const passwordHash = await hashPassword(password);
  // A new account without a name given takes the owner's name as saved.
  const newName = name ?? (await readSettings(db)).ownerName;
  return db.transaction(async (tx) => {
    const [existing] = await tx
      .select({ id: users.id })
      .from(users)
      .where(eq(users.email, email));
    const userId = existing?.id ?? randomUUID();
    if (existing) {
      await tx
        .update(users)
        .set({ role: "owner", ...(name ? { name } : {}) })
        .where(eq(users.id, userId));
    } else {
      await tx.insert(users).values({
        id: userId,
        email,
        name: newName,
        emailVerified: true,
        role: "owner",
      });
    }

    const credential = and(
      eq(accounts.userId, userId),
      eq(accounts.providerId, CREDENTIAL_PROVIDER),
    );
    const updated = await tx
      .update(accounts)
      .set({ password: passwordHash })
      .where(credential)
      .returning({ id: accounts.id });
    if (updated.length === 0) {
      await tx.insert(accounts).values({
        id: randomUUID(),
        accountId: userId,
        providerId: CREDENTIAL_PROVIDER,
        userId,
        password: passwordHash,
      });
    }

    // A reset link mailed for the old password must not replace the new one.
    await endResetLinks(tx, userId);
    // A new password ends every session signed in with the old one.
    const ended = await tx
      .delete(sessions)
      .where(eq(sessions.userId, userId))
      .returning({ id: sessions.id });
    return { userId, created: !existing, sessionsEnded: ended.length };
  });
}
