import { MapPin, Mountain, Route, TrendingUp } from "lucide-react";
import type { LucideIcon } from "lucide-react";

import type { HikingPost } from "~/data/posts.server";
import type { HikingDifficulty } from "~/lib/posts";

import { PostImage } from "./post-image";
import { PostTitleLink } from "./post-title-link";

const difficultyStyle: Record<HikingDifficulty, string> = {
  Easy: "bg-emerald-400/15 text-emerald-200",
  Moderate: "bg-amber-400/15 text-amber-200",
  Challenging: "bg-rose-400/15 text-rose-200",
};

/** A 'Recent Trail Adventures' card: the post with its location, difficulty, distance and elevation gain. */
export function TrailCard({ post }: { post: HikingPost }) {
  const { location, difficulty, distance, elevationGain } = post.hiking;
  const facts: Array<[string, string, LucideIcon]> = [
    ["Location", location, MapPin],
    ["Difficulty", difficulty, Mountain],
    ["Distance", distance, Route],
    ["Elevation gain", elevationGain, TrendingUp],
  ];
  return (
    <article className="relative flex w-full flex-col overflow-hidden rounded-2xl border border-white/10 bg-white/5 sm:flex-row">
      <PostImage
        src={post.image}
        className="aspect-video w-full object-cover sm:aspect-auto sm:w-2/5"
      />
      <div className="flex flex-1 flex-col gap-3 p-5">
        <PostTitleLink slug={post.slug}>{post.title}</PostTitleLink>
        <p className="line-clamp-3 text-sm text-slate-300">{post.excerpt}</p>
        <dl className="mt-auto grid grid-cols-2 gap-x-4 gap-y-2 text-sm">
          {facts.map(([term, value, Icon]) => (
            <div key={term}>
              <dt className="flex items-center gap-1.5 text-xs text-slate-400">
                <Icon
                  aria-hidden="true"
                  className="h-4 w-4 shrink-0 text-emerald-300"
                />
                {term}
              </dt>
              <dd
                className={
                  term === "Difficulty"
                    ? `mt-1 ml-5.5 inline-block rounded-full px-2 py-0.5 text-xs font-semibold ${difficultyStyle[difficulty]}`
                    : "mt-0.5 pl-5.5 text-slate-200"
                }
              >
                {value}
              </dd>
            </div>
          ))}
        </dl>
      </div>
    </article>
  );
}
