/** An origin no address on this site can name: what a return path is resolved against. */
const RETURN_BASE = "http://return-path.invalid";

/** Where signing in goes on to when nothing (or nothing safe) was asked for. */
export const DEFAULT_RETURN_PATH = "/studio";

/**
 * Where signing in may send the visitor back to: a path on this site only
 * ("/studio/posts?page=2#top"), never another origin. The value is read as a
 * browser would read it, as a URL against this site, and the rule is applied
 * to what comes out: dot segments ("/.//x", "/x/..//x", "/%2e//x") normalise
 * to "//x", which a browser reads as another host, so a normalised path that
 * starts with "//" is refused as well as one that names a scheme or host.
 * Control characters (a browser drops a tab or newline, so
 * "/<TAB>/evil.example" is "//evil.example") and backslashes (read as "/")
 * are refused outright.
 */
export function safeReturnPath(value: unknown): string | null {
  if (typeof value !== "string" || value.length > 2000) return null;
  // eslint-disable-next-line no-control-regex -- control characters are what is refused
  if (!value.startsWith("/") || /[\u0000-\u001f\u007f\\]/.test(value))
    return null;
  if (value.startsWith("//")) return null;
  let url: URL;
  try {
    // Not URL.parse(): this runs in the browser too, and older ones lack it.
    url = new URL(value, RETURN_BASE);
  } catch {
    return null;
  }
  if (url.origin !== RETURN_BASE) return null;
  const path = `${url.pathname}${url.search}${url.hash}`;
  // Checked after normalising: this is the address the browser will be sent to.
  if (!path.startsWith("/") || path.startsWith("//")) return null;
  return path;
}

/** Where a completed sign-in goes: the asked-for path when it is safe, else the studio. */
export function returnPathAfterSignIn(value: unknown): string {
  return safeReturnPath(value) ?? DEFAULT_RETURN_PATH;
}
