import { data, Form, Link, useLocation } from "react-router";

import type { Route } from "./+types/post-edit";
import { buttonClass, textLinkClass } from "~/components/page/styles";
import { readNewsletterSettings } from "~/data/newsletter-settings.server";
import { viewsByPost } from "~/data/readers.server";
import { listCategories } from "~/data/studio-posts.server";
import { Icon } from "~/lib/icons";
import { POST_CATEGORIES } from "~/lib/posts";
import { requireStudioOwner, requireStudioPost } from "~/studio/gate.server";
import { studioMeta } from "~/studio/meta";
import { blankPost, NEW_POST_ID } from "~/studio/blank-post";
import { PostEditor } from "~/studio/post-editor";
import { headingClass } from "~/studio/ui";
import { subscriberCounts } from "~database/newsletter";
import { hasScheduledSend } from "~database/newsletter-scheduled";
import { sendOfPost } from "~database/newsletter-sends";

export async function loader(args: Route.LoaderArgs) {
  // "New post" opens a post that is stored by its first save, not before.
  const { db, post } =
    args.params.id === NEW_POST_ID
      ? await requireStudioOwner(args).then((studio) => ({
          ...studio,
          post: blankPost(studio.owner.name, new Date()),
        }))
      : await requireStudioPost(args);
  const stored = post.id !== NEW_POST_ID;
  const [known, views, newsletter, counts, sent, wished] = await Promise.all([
    listCategories(db),
    stored ? viewsByPost(db, [post.id], new Date()) : new Map<string, number>(),
    readNewsletterSettings(db),
    subscriberCounts(db),
    stored ? sendOfPost(db, post.id) : undefined,
    stored && hasScheduledSend(db, post.id),
  ]);
  // "Also send to N subscribers" is offered while the list is on and has
  // someone to mail, and only for a post the list has not had.
  const alsoSendTo =
    newsletter.enabled && !sent && counts.confirmed > 0 ? counts.confirmed : 0;
  const categories = [
    ...new Set([...Object.values(POST_CATEGORIES), ...known]),
  ].filter((category) => category !== "");
  return data({
    post,
    categories,
    views: views.get(post.id) ?? 0,
    alsoSendTo,
    wished: alsoSendTo > 0 && wished,
  });
}

export default function StudioPostEdit({ loaderData }: Route.ComponentProps) {
  const { post, categories, views, alsoSendTo, wished } = loaderData;
  // The first save of a new post moves to the stored post's address with
  // this key, so the editor (and the owner's cursor) stays as it is.
  const editorKey =
    (useLocation().state as { editorKey?: string } | null)?.editorKey ??
    post.id;
  return (
    <>
      <Link to="/studio/posts" className={`text-sm ${textLinkClass}`}>
        <Icon name="ArrowLeft" aria-hidden="true" className="h-4 w-4" />
        All posts
      </Link>
      <h1 className={`${headingClass} mt-3`}>
        {post.id === NEW_POST_ID
          ? "New post"
          : `${post.state === "trash" ? "In the trash: " : "Edit: "}${post.title}`}
      </h1>
      <p className="mt-1 mb-6 text-sm text-slate-400">
        {post.id === NEW_POST_ID
          ? "Not saved yet"
          : `${views.toLocaleString("en-US")} ${views === 1 ? "view" : "views"} in the last 30 days`}
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
        <PostEditor
          key={editorKey}
          post={post}
          categories={categories}
          alsoSendTo={alsoSendTo}
          wished={wished}
        />
      )}
    </>
  );
}

export function meta({ loaderData, matches }: Route.MetaArgs) {
  if (loaderData?.post.id === NEW_POST_ID)
    return studioMeta({ matches }, "New post");
  return studioMeta(
    { matches },
    loaderData ? `Edit: ${loaderData.post.title}` : "Edit",
  );
}
