import { data, Link } from "react-router";

import type { Route } from "./+types/post-preview";
import { PostArticle } from "~/components/posts/post-article";
import { pagePostSchema } from "~/data/post-rows.server";
import type { Post } from "~/data/posts.server";
import { sanitizePostHtml } from "~/lib/sanitize.server";
import { requireStudioPost } from "~/studio/gate.server";
import { studioMeta } from "~/studio/meta";
import { studioStylesheetLinks } from "~/studio/stylesheet";

// The real public post screen (same component, same sanitising) showing the
// working copy, inside the public site's own frame.
export async function loader(args: Route.LoaderArgs) {
  const { post } = await requireStudioPost(args);
  // Read as the public pages read a row, so the preview shows what they would.
  const shown: Post = {
    ...pagePostSchema.parse(post),
    id: post.id,
    html: sanitizePostHtml(post.content),
  };
  return data({ post: shown, live: post.live });
}

// Its banner is the studio's; the post below it is the public screen's.
export const links: Route.LinksFunction = () => studioStylesheetLinks;

export default function StudioPostPreview({
  loaderData,
}: Route.ComponentProps) {
  const { post, live } = loaderData;
  return (
    <>
      <div
        role="note"
        aria-label="Preview"
        className="border-b border-amber-300/40 bg-amber-300/10 px-4 py-3 text-center text-sm text-amber-100"
      >
        Preview of the working copy —{" "}
        {live ? "visitors still see the published version" : "not published"}.{" "}
        <Link
          to={`/studio/posts/${post.id}`}
          className="font-semibold text-amber-200 underline underline-offset-4"
        >
          Back to the editor
        </Link>
      </div>
      <PostArticle post={post} />
    </>
  );
}

export function meta({ loaderData, matches }: Route.MetaArgs) {
  return studioMeta(
    { matches },
    loaderData ? `Preview: ${loaderData.post.title}` : "Preview",
  );
}
