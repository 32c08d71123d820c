import { eyebrowClass, linkedCardClass } from "~/components/page/styles";
import { formatPostDate } from "~/lib/posts";
import { readingMinutes, readingTimeLabel } from "~/lib/reading-time";
import type { PostSummary } from "~/lib/posts";

import { PostImage } from "./post-image";
import { PostTitleLink } from "./post-title-link";

/** A Content Hub card: the whole card links to the post. */
export function PostCard({
  post,
  priority = false,
  eager = priority,
}: {
  post: PostSummary;
  priority?: boolean;
  eager?: boolean;
}) {
  return (
    <article
      className={`relative flex w-full flex-col overflow-hidden ${linkedCardClass}`}
    >
      <PostImage
        src={post.image}
        priority={priority}
        eager={eager}
        className="aspect-video w-full object-cover"
      />
      <div className="flex flex-1 flex-col p-5">
        <p className={eyebrowClass}>{post.category}</p>
        <PostTitleLink slug={post.slug} className="mt-2">
          {post.title}
        </PostTitleLink>
        <p className="mt-2 line-clamp-3 text-sm text-slate-300">
          {post.excerpt}
        </p>
        <p className="mt-auto pt-4 text-xs text-slate-400">
          <time dateTime={post.date}>{formatPostDate(post.date)}</time>
          {post.words === undefined
            ? null
            : ` · ${readingTimeLabel(readingMinutes(post.words))}`}
        </p>
      </div>
    </article>
  );
}
