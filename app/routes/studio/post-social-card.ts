import { postCardInput, socialCard } from "~/lib/social-card.server";
import { requireStudioPost } from "~/studio/gate.server";

import type { Route } from "./+types/post-social-card";

// GET /studio/posts/:id/social-card.png: the card the site draws for the
// post's working copy, by the code that draws /social/post/{slug}.png, so
// the editor's shared-card preview shows the real card before it is public
// (decision 043). Owner only, like every studio path.
export async function loader(args: Route.LoaderArgs) {
  const { post, settings } = await requireStudioPost(args);
  const { png } = await socialCard({ ...postCardInput(post), brand: settings });
  return new Response(new Uint8Array(png).buffer, {
    headers: {
      "Content-Type": "image/png",
      "Cache-Control": "private, no-store",
    },
  });
}
