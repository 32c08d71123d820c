// The studio's one gate: every studio loader and action calls it first, so
// the owner check never lives only in the UI (or only in the layout, whose
// loader a client data request for a child route may not run).
import { data, redirect } from "react-router";

import type { StudioPost } from "~database/post-lifecycle/model";
import { checkOwner } from "~/auth/viewer.server";
import type { Viewer } from "~/auth/viewer.server";
import { servicesContext } from "~/context";
import { readStudioPost } from "~/data/studio-posts.server";
import type { AppServices } from "~/context";

import { isPostId } from "./post-schema";

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
  const check = await checkOwner(request, services.auth);
  if (check.ok) return { ...services, owner: check.owner };
  if (check.status === 401) throw redirect(signInPathFor(request));
  throw data(
    { message: "The studio is for the site's owner only." },
    { status: 403 },
  );
}

/** The owner, and the post named by the route's `:id` (404 when there is none). */
export async function requireStudioPost(
  args: GateArgs & { params: { id?: string } },
): Promise<StudioRequest & { post: StudioPost }> {
  const studio = await requireStudioOwner(args);
  const { id } = args.params;
  const post = isPostId(id) ? await readStudioPost(studio.db, id) : null;
  if (!post) {
    throw data({ message: "This post does not exist." }, { status: 404 });
  }
  return { ...studio, post };
}
