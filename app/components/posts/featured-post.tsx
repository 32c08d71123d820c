import { ArrowRight } from "lucide-react";
import type { ReactNode } from "react";
import { Link } from "react-router";

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
  /** The id of the section heading. */
  id: string;
  label: string;
  post: PostSummary;
  /** Category details shown under the excerpt (venue, trail facts...). */
  children?: ReactNode;
}) {
  return (
    <section
      aria-labelledby={id}
      className="mx-auto max-w-7xl px-4 py-8 sm:px-6"
    >
      <div className="grid overflow-hidden rounded-2xl border border-white/10 bg-white/5 lg:grid-cols-2">
        <PostImage
          src={post.image}
          priority
          className="aspect-video h-full w-full object-cover"
        />
        <div className="flex flex-col justify-center gap-4 p-6 sm:p-10">
          <h2
            id={id}
            className="text-sm font-semibold tracking-widest text-amber-300 uppercase"
          >
            {label}
          </h2>
          <h3 className="font-serif text-3xl font-bold text-white sm:text-4xl">
            {post.title}
          </h3>
          <p className="text-sm text-slate-400">
            <time dateTime={post.date}>{formatPostDate(post.date)}</time>
          </p>
          <p className="text-lg text-slate-300">{post.excerpt}</p>
          {children}
          <Link
            to={`/post/${post.slug}`}
            prefetch="intent"
            className="inline-flex w-fit items-center gap-2 rounded-full bg-emerald-500 px-5 py-2.5 font-semibold text-slate-950 hover:bg-emerald-400"
          >
            Read the Story
            <span className="sr-only">: {post.title}</span>
            <ArrowRight aria-hidden="true" className="h-4 w-4" />
          </Link>
        </div>
      </div>
    </section>
  );
}
