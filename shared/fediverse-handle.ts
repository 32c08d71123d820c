// The site's fediverse handle (docs/decisions/061): @user@host, the host
// being SITE_URL's with its port when it has one, so a site on a port is
// still found by WebFinger at the same origin.

/** SITE_URL's host, with its port when it has one. */
export function fediverseHost(siteUrl: string): string {
  return new URL(siteUrl).host;
}

/** "@jordan@example.com" from the saved user part and SITE_URL. */
export function fediverseHandle(user: string, siteUrl: string): string {
  return `@${user.replace(/^@/, "")}@${fediverseHost(siteUrl)}`;
}
