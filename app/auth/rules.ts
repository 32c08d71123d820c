/** Password length rules, shared by the server, owner:create and the sign-in form. */
export const PASSWORD_LENGTH = { min: 12, max: 128 } as const;
