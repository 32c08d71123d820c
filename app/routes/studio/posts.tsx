import { data } from "react-router";

import type { Route } from "./+types/posts";
import { requireStudioOwner } from "~/studio/gate.server";

export async function loader(args: Route.LoaderArgs) {
  await requireStudioOwner(args);
  return data({});
}

export default function StudioPosts() {
  return <h1 className="font-serif text-3xl font-bold text-white">Posts</h1>;
}
