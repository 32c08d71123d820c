import { data, Form, Link } from "react-router";

import type { Route } from "./+types/post-edit";
import { buttonClass, textLinkClass } from "~/components/page/styles";
import { viewsByPost } from "~/data/readers.server";
import { listCategories } from "~/data/studio-posts.server";
import { Icon } from "~/lib/icons";
import { POST_CATEGORIES } from "~/lib/posts";
import { requireStudioPost } from "~/studio/gate.server";
import { studioMeta } from "~/studio/meta";
import { PostEditor } from "~/studio/post-editor";
import { headingClass } from "~/studio/ui";

export async function loader(args: Route.LoaderArgs) {
  const { db, post } = await requireStudioPost(args);
  const [known, views] = await Promise.all([
    listCategories(db),
    viewsByPost(db, [post.id], new Date()),
  ]);
  const categories = [
    ...new Set([...Object.values(POST_CATEGORIES), ...known]),
  ].filter((category) => category !== "");
  return data({ post, categories, views: views.get(post.id) ?? 0 });
}

export default function StudioPostEdit({ loaderData }: Route.ComponentProps) {
  const { post, categories, views } = loaderData;
  return (
    <>
      <Link to="/studio/posts" className={`text-sm ${textLinkClass}`}>
        <Icon name="ArrowLeft" aria-hidden="true" className="h-4 w-4" />
        All posts
      </Link>
      <h1 className={`${headingClass} mt-3`}>
        {post.state === "trash" ? "In the trash: " : "Edit: "}
        {post.title}
      </h1>
      <p className="mt-1 mb-6 text-sm text-slate-400">
        {`${views.toLocaleString("en-US")} ${views === 1 ? "view" : "views"} in the last 30 days`}
      </p>
      {post.state === "trash" ? (
        <div className="space-y-4">
          <p className="text-slate-300">
            This post is in the trash. Restore it to edit it; it is purged 30
            days after it was deleted.
          </p>
          <Form method="post" action="/studio/posts">
            <input type="hidden" name="id" value={post.id} />
            <button
              type="submit"
              name="intent"
              value="restore"
              className={buttonClass("primary", "md")}
            >
              Restore
            </button>
          </Form>
        </div>
      ) : (
        // A new editor (fresh state) for each post and each saved version loaded.
        <PostEditor key={post.id} post={post} categories={categories} />
      )}
    </>
  );
}

export function meta({ loaderData }: Route.MetaArgs) {
  return studioMeta(loaderData ? `Edit: ${loaderData.post.title}` : "Edit");
}
