import { Link } from "react-router";

import { Badge } from "~/components/page/badge";
import { PullQuote } from "~/components/page/pull-quote";
import { cardClass } from "~/components/page/styles";
import type { TravelPost } from "~/data/post-archives.server";
import { HighlightIcon, Icon } from "~/lib/icons";
import { formatPostDate } from "~/lib/posts";

import { PostImage } from "./post-image";
import { TravelMap } from "./travel-map";

/** A 'Recent Adventures' entry; every other one puts its image on the right. */
export function TravelEntry({
  post,
  index,
}: {
  post: TravelPost;
  index: number;
}) {
  const { status, location, highlights, takeaway, coordinates } = post.travel;
  return (
    <article
      className={`grid w-full items-start gap-6 p-4 sm:p-6 lg:grid-cols-2 lg:gap-10 ${cardClass}`}
    >
      <div className={index % 2 === 1 ? "lg:order-2" : undefined}>
        <PostImage
          src={post.image}
          className="aspect-video w-full rounded-xl object-cover"
        />
      </div>
      <div className="flex flex-col gap-4">
        <div className="flex flex-wrap items-center gap-x-3 gap-y-2 text-sm">
          <Badge>{status}</Badge>
          <span className="flex items-center gap-1.5 text-slate-300">
            <Icon
              name="MapPin"
              aria-hidden="true"
              className="h-4 w-4 text-emerald-300"
            />
            {location}
          </span>
          <time dateTime={post.date} className="text-slate-400">
            {formatPostDate(post.date)}
          </time>
        </div>
        <h3 className="font-serif text-2xl font-bold tracking-tight text-white">
          <Link
            to={`/post/${post.slug}`}
            prefetch="intent"
            className="hover:text-emerald-200"
          >
            {post.title}
          </Link>
        </h3>
        <p className="leading-relaxed text-slate-300">{post.excerpt}</p>
        {highlights.length > 0 ? (
          <div>
            <h4 className="text-sm font-semibold text-amber-200">Highlights</h4>
            <ul className="mt-2 grid gap-2 sm:grid-cols-2">
              {highlights.map((highlight) => (
                <li
                  key={highlight.name}
                  className="flex items-start gap-2 text-sm text-slate-300"
                >
                  <HighlightIcon
                    type={highlight.type}
                    className="mt-0.5 h-4 w-4 shrink-0 text-emerald-300"
                  />
                  <span>
                    {highlight.name}
                    {highlight.type ? (
                      <span className="sr-only">{` (${highlight.type})`}</span>
                    ) : null}
                  </span>
                </li>
              ))}
            </ul>
          </div>
        ) : null}
        <PullQuote>{`“${takeaway}”`}</PullQuote>
        <TravelMap location={location} coordinates={coordinates} />
      </div>
    </article>
  );
}
