import { useEffect } from "react";
import type { ReactNode } from "react";
import { Link } from "react-router";

import { eyebrowClass, textLinkClass } from "~/components/page/styles";
import { PostImage } from "~/components/posts/post-image";
import { pageTitle } from "~/config/site";
import type { Post } from "~/data/posts.server";
import { Icon } from "~/lib/icons";
import { formatPostDate } from "~/lib/posts";

/** How wide a post's hero image shows (its `sizes`): also what its preload asks for. */
export const POST_HERO_SIZES = "(min-width: 56rem) 56rem, 100vw";

export function BackToAllPosts() {
  return (
    <Link to="/content-hub" className={`text-sm ${textLinkClass}`}>
      <Icon name="ArrowLeft" aria-hidden="true" className="h-4 w-4" />
      Back to All Posts
    </Link>
  );
}

/** On client navigation meta() ran before the post arrived; this names the tab once it has. */
export function useDocumentTitle(page: string) {
  useEffect(() => {
    document.title = pageTitle(page);
  }, [page]);
}

/**
 * The post screen's article: what visitors see on /post/{slug}, and what the
 * studio's preview shows with the working copy. `actions` sit under the byline.
 */
export function PostArticle({
  post,
  heroSrc,
  actions,
}: {
  post: Post;
  /** The hero image as the page carries it, when not by its address (a small image, inline). */
  heroSrc?: string | null;
  actions?: ReactNode;
}) {
  useDocumentTitle(post.title);
  return (
    <article className="mx-auto max-w-4xl px-4 pt-10 pb-16 sm:px-6 sm:pb-24">
      <BackToAllPosts />
      <PostImage
        src={heroSrc ?? post.image}
        priority
        sizes={POST_HERO_SIZES}
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
        {actions ? (
          <div className="mt-6 flex flex-wrap gap-3 border-b border-white/10 pb-8">
            {actions}
          </div>
        ) : (
          <div className="border-b border-white/10 pb-8" />
        )}
      </header>
      <div
        className="post-content"
        // Sanitised on the server (readPostBySlug): no scripts, handlers or javascript: URLs.
        dangerouslySetInnerHTML={{ __html: post.html }}
      />
    </article>
  );
}
