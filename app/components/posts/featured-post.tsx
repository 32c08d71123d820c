import type { ReactNode } from "react";
import { Link } from "react-router";

import { buttonClass, cardClass, eyebrowClass } from "~/components/page/styles";
import { Icon } from "~/lib/icons";
import { formatPostDate } from "~/lib/posts";
import type { PostSummary } from "~/lib/posts";

import { PostImage } from "./post-image";

/**
 * The newest post of a page's category as its lead: 'Latest Adventure',
 * 'Latest Discovery'. Its image is the page's largest above the fold.
 */
export function FeaturedPost({
  id,
  label,
  post,
  children,
}: {
  /** Prefix of the heading's id, unique on the page. */
  id: string;
  label: string;
  post: PostSummary;
  /** Category details shown under the excerpt (venue, trail facts...). */
  children?: ReactNode;
}) {
  const headingId = `${id}-heading`;
  return (
    <section
      aria-labelledby={headingId}
      className="mx-auto max-w-7xl px-4 pt-12 sm:px-6 sm:pt-16"
    >
      <div
        className={`grid overflow-hidden shadow-2xl shadow-black/30 lg:grid-cols-2 ${cardClass}`}
      >
        <PostImage
          src={post.image}
          priority
          sizes="(min-width: 1024px) 40rem, 100vw"
          className="aspect-video h-full w-full object-cover"
        />
        <div className="flex flex-col justify-center gap-4 p-6 sm:p-10">
          <h2 id={headingId} className={eyebrowClass}>
            {label}
          </h2>
          <h3 className="font-serif text-3xl font-bold tracking-tight text-balance text-white sm:text-4xl">
            {post.title}
          </h3>
          <p className="text-sm text-slate-400">
            <time dateTime={post.date}>{formatPostDate(post.date)}</time>
          </p>
          <p className="text-lg leading-relaxed text-slate-300">
            {post.excerpt}
          </p>
          {children}
          <Link
            to={`/post/${post.slug}`}
            prefetch="intent"
            className={`mt-2 w-fit ${buttonClass("primary")}`}
          >
            Read the Story
            <span className="sr-only">{`: ${post.title}`}</span>
            <Icon name="ArrowRight" aria-hidden="true" className="h-4 w-4" />
          </Link>
        </div>
      </div>
    </section>
  );
}
