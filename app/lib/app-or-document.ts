// The one line between the two halves of the site (docs/decisions/058): the
// owner's app (the studio and the screens that lead into it), which the
// browser runs with React Router, and the public pages, which are documents
// rendered on the server and sent without any framework runtime.

/** The paths below which the owner's app lives; every other page is a document. */
const APP_PATHS = [
  "/studio",
  "/sign-in",
  "/setup",
  "/forgot-password",
  "/reset-password",
] as const;

/** Whether the page at `pathname` is the owner's app (React Router in the browser) rather than a document. */
export function isAppPath(pathname: string): boolean {
  return APP_PATHS.some(
    (path) => pathname === path || pathname.startsWith(`${path}/`),
  );
}
