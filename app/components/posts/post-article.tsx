import { useEffect } from "react";
import type { ReactNode } from "react";
import { Link } from "react-router";

import { eyebrowClass, textLinkClass } from "~/components/page/styles";
import { PostImage } from "~/components/posts/post-image";
import { pageTitle } from "~/config/site";
import { useSiteSettings } from "~/lib/root-data";
import type { Post } from "~/data/posts.server";
import { Icon } from "~/lib/icons";
import type { ContentsEntry } from "~/lib/post-contents.server";
import { formatPostDate } from "~/lib/posts";
import { readingMinutes, readingTimeLabel } from "~/lib/reading-time";

import { PostContents } from "./post-contents";

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

/** On client navigation meta() ran before the post arrived; this names the tab once it has (`whole`: a title given whole, a post's search title). */
export function useDocumentTitle(page: string, whole?: string) {
  const { productName } = useSiteSettings();
  useEffect(() => {
    document.title = whole ?? pageTitle(page, productName);
  }, [page, whole, productName]);
}

/**
 * The post screen's article: what visitors see on /post/{slug}, and what the
 * studio's preview shows with the working copy. `actions` sit under the byline;
 * `after` (sharing, where next) follows the article, outside it.
 */
export function PostArticle({
  post,
  heroSrc,
  actions,
  headings = [],
  after,
  documentTitle,
}: {
  post: Post;
  /** The page's whole title when the post gives it (its search title). */
  documentTitle?: string | undefined;
  /** The hero image as the page carries it, when not by its address (a small image, inline). */
  heroSrc?: string | null;
  actions?: ReactNode;
  /** The contents list's headings (none for a short post); `post.html` carries their ids (post-contents.server.ts). */
  headings?: ContentsEntry[];
  after?: ReactNode;
}) {
  useDocumentTitle(post.title, documentTitle);
  const body = (
    <div
      className="post-content"
      // Sanitised on the server (readPostBySlug): no scripts, handlers or
      // javascript: URLs.
      dangerouslySetInnerHTML={{ __html: post.html }}
    />
  );
  return (
    <>
      <article className="post-article" aria-labelledby="post-title">
        <BackToAllPosts />
        <PostImage
          src={heroSrc ?? post.image}
          priority
          sizes={POST_HERO_SIZES}
          className="mt-6 aspect-video w-full rounded-2xl border border-white/10 object-cover shadow-2xl shadow-black/30"
        />
        <header className="mx-auto mt-10 max-w-3xl">
          <p className={eyebrowClass}>{post.category}</p>
          <h1
            id="post-title"
            className="mt-3 font-serif text-4xl font-bold tracking-tight text-balance text-white sm:text-5xl"
          >
            {post.title}
          </h1>
          <div className="mt-5 flex flex-wrap items-center gap-x-6 gap-y-2 text-sm text-slate-300">
            <span className="flex items-center gap-2">
              <Icon name="UserRound" aria-hidden="true" className="h-4 w-4" />
              {post.author}
            </span>
            <span className="flex items-center gap-2">
              <Icon
                name="CalendarDays"
                aria-hidden="true"
                className="h-4 w-4"
              />
              <time dateTime={post.date}>{formatPostDate(post.date)}</time>
            </span>
            {post.words === undefined ? null : (
              <span className="flex items-center gap-2">
                <Icon name="Clock" aria-hidden="true" className="h-4 w-4" />
                {readingTimeLabel(readingMinutes(post.words))}
              </span>
            )}
          </div>
          {actions ? (
            <div className="mt-6 flex flex-wrap gap-3 border-b border-white/10 pb-8">
              {actions}
            </div>
          ) : (
            <div className="border-b border-white/10 pb-8" />
          )}
        </header>
        {headings.length > 0 ? (
          <div className="post-with-contents">
            <PostContents headings={headings} />
            {body}
          </div>
        ) : (
          body
        )}
      </article>
      {after ? <div className="post-after">{after}</div> : null}
    </>
  );
}
