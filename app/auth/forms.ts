// The first-day and password-reset forms' inputs, shared by their pages and
// their actions (the browser checks the same with required and minLength).
import { z } from "zod";

import { PASSWORD_LENGTH } from "./rules";

const newPassword = z
  .string()
  .min(
    PASSWORD_LENGTH.min,
    `The password needs at least ${PASSWORD_LENGTH.min} characters.`,
  )
  .max(
    PASSWORD_LENGTH.max,
    `The password may have at most ${PASSWORD_LENGTH.max} characters.`,
  );

const typedTwice = <T extends { password: string; confirmPassword: string }>(
  form: T,
) => form.password === form.confirmPassword;
const differ = {
  path: ["confirmPassword"],
  message: "The two passwords differ.",
};

export const setupFormSchema = z
  .object({
    name: z.string().trim().min(1, "Enter your name.").max(100),
    email: z
      .string()
      .trim()
      .toLowerCase()
      .max(254)
      .pipe(z.email("Enter a real email address.")),
    password: newPassword,
    confirmPassword: z.string(),
  })
  .refine(typedTwice, differ);

export const forgotFormSchema = z.object({
  email: z.string().trim().min(1, "Enter your email address.").max(254),
});

export const resetFormSchema = z
  .object({ password: newPassword, confirmPassword: z.string() })
  .refine(typedTwice, differ);
