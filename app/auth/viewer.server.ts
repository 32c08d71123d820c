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

export type OwnerCheck =
  { ok: true; owner: Viewer } | { ok: false; status: 401 | 403 };

/**
 * The one owner check: the owner passes; anyone else is refused with 401
 * (not signed in) or 403 (signed in without the owner role). Each caller
 * answers the refusal its own way: the post page with a notice, the studio
 * with its gate (app/studio/gate.server.ts).
 */
export async function checkOwner(
  request: Request,
  auth: SiteAuth,
): Promise<OwnerCheck> {
  const viewer = await getViewer(request, auth);
  if (isOwner(viewer)) return { ok: true, owner: viewer };
  return { ok: false, status: viewer ? 403 : 401 };
}
