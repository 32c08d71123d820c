/** Password length rules, shared by the server, owner:create and the sign-in form. */
export const PASSWORD_LENGTH = { min: 12, max: 128 } as const;

/**
 * Where signing in may send the visitor back to: a path on this site only
 * ("/studio/posts"), never another origin ("//evil.example", "/\\evil").
 */
export function safeReturnPath(value: unknown): string | null {
  if (typeof value !== "string" || !value.startsWith("/")) return null;
  if (value.startsWith("//") || value.startsWith("/\\")) return null;
  return value.length <= 2000 ? value : null;
}
