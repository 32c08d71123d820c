// The studio's one gate: every studio loader and action calls it first, so
// the owner check never lives only in the UI (or only in the layout, whose
// loader a client data request for a child route may not run).
import { data, redirect } from "react-router";

import { getViewer, isOwner } from "~/auth/viewer.server";
import type { Viewer } from "~/auth/viewer.server";
import { servicesContext } from "~/context";
import type { AppServices } from "~/context";

interface GateArgs {
  request: Request;
  context: { get(key: typeof servicesContext): AppServices };
}

export interface StudioRequest extends AppServices {
  owner: Viewer;
}

/** Where the sign-in page may send the owner back to: a path on this site. */
export function signInPathFor(request: Request): string {
  const url = new URL(request.url);
  const back = `${url.pathname}${url.search}`;
  return `/sign-in?${new URLSearchParams({ redirectTo: back })}`;
}

/**
 * The owner and the server services, or a thrown response: an anonymous
 * visitor is sent to sign in (and back here afterwards), anyone else signed
 * in gets 403.
 */
export async function requireStudioOwner({
  request,
  context,
}: GateArgs): Promise<StudioRequest> {
  const services = context.get(servicesContext);
  const viewer = await getViewer(request, services.auth);
  if (isOwner(viewer)) return { ...services, owner: viewer };
  if (!viewer) throw redirect(signInPathFor(request));
  throw data(
    { message: "The studio is for the site's owner only." },
    { status: 403 },
  );
}
