/** Password length rules, shared by the server, owner:create and the sign-in form. */
export const PASSWORD_LENGTH = { min: 12, max: 128 } as const;

/** How long a mailed password-reset link works (once). */
export const RESET_LINK_MINUTES = 30;
