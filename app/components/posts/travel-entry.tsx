import { MapPin, Quote } from "lucide-react";
import { Link } from "react-router";

import type { TravelPost } from "~/data/posts.server";
import { HighlightIcon } from "~/lib/icons";
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
    <article className="grid w-full items-start gap-8 lg:grid-cols-2">
      <div className={index % 2 === 1 ? "lg:order-2" : undefined}>
        <PostImage
          src={post.image}
          className="aspect-video w-full rounded-2xl border border-white/10 object-cover"
        />
      </div>
      <div className="flex flex-col gap-4">
        <div className="flex flex-wrap items-center gap-3 text-sm">
          <span className="rounded-full bg-emerald-400/15 px-3 py-1 font-semibold text-emerald-200">
            {status}
          </span>
          <span className="flex items-center gap-1.5 text-slate-300">
            <MapPin aria-hidden="true" className="h-4 w-4 text-emerald-300" />
            {location}
          </span>
          <time dateTime={post.date} className="text-slate-400">
            {formatPostDate(post.date)}
          </time>
        </div>
        <h3 className="font-serif text-2xl font-bold text-white">
          <Link
            to={`/post/${post.slug}`}
            prefetch="intent"
            className="hover:text-emerald-200"
          >
            {post.title}
          </Link>
        </h3>
        <p className="text-slate-300">{post.excerpt}</p>
        {highlights.length > 0 ? (
          <div>
            <h4 className="text-sm font-semibold tracking-wide text-slate-200 uppercase">
              Highlights
            </h4>
            <ul className="mt-2 grid gap-2 sm:grid-cols-2">
              {highlights.map((highlight) => (
                <li
                  key={highlight.name}
                  className="flex items-start gap-2 text-sm text-slate-300"
                >
                  <HighlightIcon
                    type={highlight.type}
                    className="mt-0.5 h-4 w-4 shrink-0 text-amber-300"
                  />
                  <span>
                    {highlight.name}
                    {highlight.type ? (
                      <span className="sr-only"> ({highlight.type})</span>
                    ) : null}
                  </span>
                </li>
              ))}
            </ul>
          </div>
        ) : null}
        <blockquote className="flex gap-3 rounded-xl border-l-4 border-amber-300 bg-white/5 p-4 text-slate-200 italic">
          <Quote
            aria-hidden="true"
            className="h-5 w-5 shrink-0 text-amber-300"
          />
          <p>“{takeaway}”</p>
        </blockquote>
        <TravelMap location={location} coordinates={coordinates} />
      </div>
    </article>
  );
}
