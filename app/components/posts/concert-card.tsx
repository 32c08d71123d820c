import { linkedCardClass } from "~/components/page/styles";
import type { ConcertPost } from "~/data/post-archives.server";
import { Icon } from "~/lib/icons";
import { formatPostDate } from "~/lib/posts";

import { PostImage } from "./post-image";
import { PostTitleLink } from "./post-title-link";
import { StarRating } from "./star-rating";

/** A 'Recent Concert Experiences' card: artist, venue and the star rating. */
export function ConcertCard({ post }: { post: ConcertPost }) {
  const { artist, venue, rating } = post.concert;
  return (
    <article
      className={`relative flex w-full flex-col overflow-hidden ${linkedCardClass}`}
    >
      <PostImage
        src={post.image}
        className="aspect-video w-full object-cover"
      />
      <div className="flex flex-1 flex-col gap-2 p-5 sm:p-6">
        <PostTitleLink slug={post.slug}>{artist}</PostTitleLink>
        {artist === post.title ? null : (
          <p className="text-sm text-slate-300">{post.title}</p>
        )}
        <p className="flex items-center gap-2 text-sm text-slate-300">
          <Icon
            name="MapPin"
            aria-hidden="true"
            className="h-4 w-4 text-emerald-300"
          />
          {venue}
        </p>
        <p className="flex items-center gap-2 text-xs text-slate-400">
          <Icon name="CalendarDays" aria-hidden="true" className="h-4 w-4" />
          <time dateTime={post.date}>{formatPostDate(post.date)}</time>
        </p>
        <div className="mt-auto pt-2">
          <StarRating rating={rating} />
        </div>
      </div>
    </article>
  );
}
