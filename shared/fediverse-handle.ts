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

/** The handle a page shows to follow, or null while the social web is off. */
export function followHandleOf(
  settings: { socialWeb: string; socialHandle: string },
  siteUrl: string,
): string | null {
  return settings.socialWeb === "on"
    ? fediverseHandle(settings.socialHandle, siteUrl)
    : null;
}
