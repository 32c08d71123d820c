import { data } from "react-router";

import type { SiteAuth } from "./auth.server";

export interface Viewer {
  id: string;
  email: string;
  name: string;
  role: string;
}

/**
 * The signed-in account making this request, or null for an anonymous visitor.
 * better-auth checks the signed session cookie and reads the session and its
 * user from the database; without a session cookie nothing is read.
 */
export async function getViewer(
  request: Request,
  auth: SiteAuth,
): Promise<Viewer | null> {
  const found = await auth.api.getSession({ headers: request.headers });
  if (!found) return null;
  const { id, email, name, role } = found.user;
  return { id, email, name, role: role ?? "reader" };
}

/** Only an owner may change content. */
export function isOwner(viewer: Viewer | null): viewer is Viewer {
  return viewer?.role === "owner";
}

/**
 * The role gate for actions that change content: the owner passes; anyone
 * else gets 401 (not signed in) or 403 (signed in without the owner role).
 */
export async function requireOwner(
  request: Request,
  auth: SiteAuth,
): Promise<Viewer> {
  const viewer = await getViewer(request, auth);
  if (isOwner(viewer)) return viewer;
  throw data(
    { message: "Only the site owner can change content." },
    { status: viewer ? 403 : 401 },
  );
}
