// The account screen's inputs, shared by its forms and its action.
import { z } from "zod";

import { PASSWORD_LENGTH } from "~/auth/rules";

export const changePasswordSchema = z
  .object({
    intent: z.literal("change-password"),
    currentPassword: z
      .string()
      .min(1, "Enter your current password.")
      .max(PASSWORD_LENGTH.max),
    newPassword: z
      .string()
      .min(
        PASSWORD_LENGTH.min,
        `The new password needs at least ${PASSWORD_LENGTH.min} characters.`,
      )
      .max(
        PASSWORD_LENGTH.max,
        `The new password may have at most ${PASSWORD_LENGTH.max} characters.`,
      ),
    confirmPassword: z.string(),
  })
  .refine((form) => form.newPassword === form.confirmPassword, {
    path: ["confirmPassword"],
    message: "The two new passwords differ.",
  })
  .refine((form) => form.newPassword !== form.currentPassword, {
    path: ["newPassword"],
    message: "The new password is the same as the current one.",
  });

export const accountActionSchema = z.discriminatedUnion("intent", [
  changePasswordSchema,
  z.object({ intent: z.literal("sign-out-others") }),
]);

/** A session's device in a few words, from its user agent ("Firefox on Linux"). */
export function describeDevice(userAgent: string | null): string {
  if (!userAgent) return "Unknown device";
  const browser =
    [
      ["Edg/", "Edge"],
      ["OPR/", "Opera"],
      ["Firefox/", "Firefox"],
      ["Chrome/", "Chrome"],
      ["Safari/", "Safari"],
      ["curl/", "curl"],
    ].find(([token]) => userAgent.includes(token ?? ""))?.[1] ?? "A browser";
  const system =
    [
      ["iPhone", "iPhone"],
      ["iPad", "iPad"],
      ["Android", "Android"],
      ["Windows", "Windows"],
      ["Mac OS", "macOS"],
      ["CrOS", "ChromeOS"],
      ["Linux", "Linux"],
    ].find(([token]) => userAgent.includes(token ?? ""))?.[1] ?? undefined;
  return system ? `${browser} on ${system}` : browser;
}
