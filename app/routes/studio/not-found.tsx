import { data } from "react-router";

import type { Route } from "./+types/not-found";
import { requireStudioOwner } from "~/studio/gate.server";

// Any other path under /studio: the owner gate first, then a 404 inside the studio.
export async function loader(args: Route.LoaderArgs) {
  await requireStudioOwner(args);
  throw data({ message: "Not found in the studio" }, { status: 404 });
}

export async function action(args: Route.ActionArgs) {
  await requireStudioOwner(args);
  throw data({ message: "Not found in the studio" }, { status: 404 });
}

export default function StudioNotFound() {
  return null;
}
