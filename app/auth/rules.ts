/** Password length rules, shared by the server, owner:create and the sign-in form. */
export const PASSWORD_LENGTH = { min: 12, max: 128 } as const;

/** How long a mailed password-reset link works (once). */
export const RESET_LINK_MINUTES = 30;

/** An origin no address on this site can name: what a return path is resolved against. */
const RETURN_BASE = "http://return-path.invalid";

/**
 * Where signing in may send the visitor back to: a path on this site only
 * ("/studio/posts?page=2#top"), never another origin. The value is read as a
 * browser would read it, as a URL against this site, and kept only if it
 * stays here; control characters (a browser drops a tab or newline, so
 * "/<TAB>/evil.example" is "//evil.example") and backslashes (read as "/")
 * are refused outright.
 */
export function safeReturnPath(value: unknown): string | null {
  if (typeof value !== "string" || value.length > 2000) return null;
  // eslint-disable-next-line no-control-regex -- control characters are what is refused
  if (!value.startsWith("/") || /[\u0000-\u001f\u007f\\]/.test(value))
    return null;
  let url: URL;
  try {
    // Not URL.parse(): this runs in the browser too, and older ones lack it.
    url = new URL(value, RETURN_BASE);
  } catch {
    return null;
  }
  if (url.origin !== RETURN_BASE) return null;
  return `${url.pathname}${url.search}${url.hash}`;
}
