import { useEffect } from "react";
import { data, Link, redirect } from "react-router";
import { z } from "zod";

import { getViewer, isOwner } from "~/auth/viewer.server";
import { DeferredValue } from "~/components/deferred-value";
import {
  buttonClass,
  eyebrowClass,
  textLinkClass,
} from "~/components/page/styles";
import { DeletePostDialog } from "~/components/posts/delete-post-dialog";
import type { DeletePostResult } from "~/components/posts/delete-post-dialog";
import { PostImage } from "~/components/posts/post-image";
import { LoadingText, useNotice } from "~/components/section-list";
import { pageTitle } from "~/config/site";
import { servicesContext } from "~/context";
import { deletePostById, readPostBySlug } from "~/data/posts.server";
import type { Post } from "~/data/posts.server";
import { deferKeys } from "~/lib/deferred";
import { Icon } from "~/lib/icons";
import { withRedirectNotice } from "~/lib/notice-cookie.server";
import { formatPostDate } from "~/lib/posts";
import { pageMeta, socialCardPath } from "~/lib/seo";
import { blogPostingJsonLd } from "~/lib/structured-data.server";
import type { ToastInput } from "~/lib/toast";
import { errorMessage } from "~shared/error-message";

import type { Route } from "./+types/post";

type PostRead =
  | { status: "found"; post: Post }
  | { status: "missing" }
  | { status: "failed"; notice: ToastInput };

export async function loader({ context, params }: Route.LoaderArgs) {
  const { db, env, logger } = context.get(servicesContext);
  try {
    const post = await readPostBySlug(db, params.slug);
    return post
      ? data({
          post: { status: "found", post } as PostRead,
          structuredData: blogPostingJsonLd(post, env.SITE_URL),
        })
      : data({ post: { status: "missing" } as PostRead }, { status: 404 });
  } catch (error) {
    logger.error("post read failed", {
      slug: params.slug,
      error: errorMessage(error),
    });
    const notice: ToastInput = {
      title: "Error",
      description: "Could not fetch the post.",
    };
    return data(
      { post: { status: "failed", notice } as PostRead },
      {
        status: 503,
      },
    );
  }
}

export function clientLoader({ serverLoader }: Route.ClientLoaderArgs) {
  return deferKeys(serverLoader(), ["post"]);
}

const deleteFormSchema = z.object({
  intent: z.literal("delete"),
  id: z.uuid(),
});

function refused(description: string, status: number) {
  const result: DeletePostResult = {
    notice: { title: "Error Deleting Post", description },
  };
  return data(result, { status });
}

/** Deletes the post by id, for the site owner only (spec §6 leaves who may to the server). */
export async function action({ context, request }: Route.ActionArgs) {
  const { auth, db, logger } = context.get(servicesContext);
  try {
    const viewer = await getViewer(request, auth);
    if (!isOwner(viewer)) {
      return refused(
        viewer
          ? "Only the site owner can delete posts."
          : "Only the site owner can delete posts. Please sign in.",
        403,
      );
    }
    const form = deleteFormSchema.safeParse(
      Object.fromEntries(await request.formData()),
    );
    if (!form.success) {
      return refused("The request did not say which post to delete.", 400);
    }
    if (!(await deletePostById(db, form.data.id))) {
      return refused("This post no longer exists.", 404);
    }
  } catch (error) {
    logger.error("post delete failed", { error: errorMessage(error) });
    return refused("Something went wrong. Please try again later.", 500);
  }
  return redirect("/content-hub", {
    headers: await withRedirectNotice("post-deleted"),
  });
}

export default function PostPage({ loaderData }: Route.ComponentProps) {
  return (
    <DeferredValue
      value={loaderData.post}
      fallback={<LoadingText text="Loading post..." />}
    >
      {(read) =>
        read.status === "found" ? (
          <PostArticle post={read.post} />
        ) : (
          <PostNotFound
            notice={read.status === "failed" ? read.notice : undefined}
          />
        )
      }
    </DeferredValue>
  );
}

function BackToAllPosts() {
  return (
    <Link to="/content-hub" className={`text-sm ${textLinkClass}`}>
      <Icon name="ArrowLeft" aria-hidden="true" className="h-4 w-4" />
      Back to All Posts
    </Link>
  );
}

/** On client navigation meta() ran before the post arrived; this names the tab once it has. */
function useDocumentTitle(page: string) {
  useEffect(() => {
    document.title = pageTitle(page);
  }, [page]);
}

function PostArticle({ post }: { post: Post }) {
  useDocumentTitle(post.title);
  return (
    <article className="mx-auto max-w-4xl px-4 pt-10 pb-16 sm:px-6 sm:pb-24">
      <BackToAllPosts />
      <PostImage
        src={post.image}
        priority
        sizes="(min-width: 56rem) 56rem, 100vw"
        className="mt-6 aspect-video w-full rounded-2xl border border-white/10 object-cover shadow-2xl shadow-black/30"
      />
      <header className="mx-auto mt-10 max-w-3xl">
        <p className={eyebrowClass}>{post.category}</p>
        <h1 className="mt-3 font-serif text-4xl font-bold tracking-tight text-balance text-white sm:text-5xl">
          {post.title}
        </h1>
        <div className="mt-5 flex flex-wrap items-center gap-x-6 gap-y-2 text-sm text-slate-300">
          <span className="flex items-center gap-2">
            <Icon name="UserRound" aria-hidden="true" className="h-4 w-4" />
            {post.author}
          </span>
          <span className="flex items-center gap-2">
            <Icon name="CalendarDays" aria-hidden="true" className="h-4 w-4" />
            <time dateTime={post.date}>{formatPostDate(post.date)}</time>
          </span>
        </div>
        <div className="mt-6 flex flex-wrap gap-3 border-b border-white/10 pb-8">
          <Link
            to={`/edit-post/${post.slug}`}
            className={buttonClass("secondary", "sm")}
          >
            <Icon name="Pencil" aria-hidden="true" className="h-4 w-4" />
            Edit
          </Link>
          <DeletePostDialog postId={post.id} postTitle={post.title} />
        </div>
      </header>
      <div
        className="post-content mx-auto mt-8 max-w-3xl text-lg leading-relaxed text-slate-200 [&_a]:text-emerald-300 [&_a]:underline [&_blockquote]:my-6 [&_blockquote]:border-l-4 [&_blockquote]:border-amber-300 [&_blockquote]:pl-4 [&_blockquote]:text-slate-300 [&_blockquote]:italic [&_h2]:mt-10 [&_h2]:font-serif [&_h2]:text-2xl [&_h2]:font-bold [&_h2]:text-white [&_h3]:mt-8 [&_h3]:font-serif [&_h3]:text-xl [&_h3]:font-semibold [&_h3]:text-white [&_img]:my-6 [&_img]:h-auto [&_img]:max-w-full [&_img]:rounded-xl [&_li]:mt-1 [&_ol]:my-4 [&_ol]:list-decimal [&_ol]:pl-6 [&_p]:mt-5 [&_ul]:my-4 [&_ul]:list-disc [&_ul]:pl-6"
        // Sanitised on the server (readPostBySlug): no scripts, handlers or javascript: URLs.
        dangerouslySetInnerHTML={{ __html: post.html }}
      />
    </article>
  );
}

function PostNotFound({ notice }: { notice: ToastInput | undefined }) {
  useNotice(notice);
  useDocumentTitle("Post not found");
  return (
    <section className="mx-auto max-w-2xl px-4 py-24 text-center sm:px-6">
      <h1 className="font-serif text-4xl font-bold tracking-tight text-white">
        Post not found.
      </h1>
      <p className="mt-4 text-slate-300">
        It may have been moved or removed. Every post is listed in the Content
        Hub.
      </p>
      <div className="mt-8">
        <BackToAllPosts />
      </div>
    </section>
  );
}

export function meta(args: Route.MetaArgs) {
  const read = args.loaderData?.post;
  if (read && !(read instanceof Promise) && read.status === "found") {
    return pageMeta(args, {
      page: read.post.title,
      description: read.post.excerpt,
      image: read.post.image ?? socialCardPath(read.post.slug),
      type: "article",
      article: {
        publishedTime: read.post.date,
        section: read.post.category,
        author: read.post.author,
      },
    });
  }
  return pageMeta(args, {
    page: read && !(read instanceof Promise) ? "Post not found" : "Post",
    description: "A post from the Content Hub.",
    noindex: true,
  });
}
