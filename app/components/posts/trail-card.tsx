import { Badge } from "~/components/page/badge";
import { linkedCardClass } from "~/components/page/styles";
import type { HikingPost } from "~/data/post-archives.server";
import { Icon } from "~/lib/icons";
import type { IconName } from "~/lib/icons";
import type { HikingDifficulty } from "~/lib/posts";

import { PostImage } from "./post-image";
import { PostTitleLink } from "./post-title-link";

const difficultyTone = {
  Easy: "emerald",
  Moderate: "amber",
  Challenging: "rose",
} as const satisfies Record<HikingDifficulty, string>;

/** A 'Recent Trail Adventures' card: the post with its location, difficulty, distance and elevation gain. */
export function TrailCard({ post }: { post: HikingPost }) {
  const { location, difficulty, distance, elevationGain } = post.hiking;
  const facts: Array<[string, string, IconName]> = [
    ["Location", location, "MapPin"],
    ["Difficulty", difficulty, "Mountain"],
    ["Distance", distance, "Route"],
    ["Elevation gain", elevationGain, "TrendingUp"],
  ];
  return (
    <article
      className={`relative flex w-full flex-col overflow-hidden sm:flex-row ${linkedCardClass}`}
    >
      <PostImage
        src={post.image}
        className="aspect-video w-full object-cover sm:aspect-auto sm:w-2/5"
      />
      <div className="flex flex-1 flex-col gap-3 p-5 sm:p-6">
        <PostTitleLink slug={post.slug}>{post.title}</PostTitleLink>
        <p className="line-clamp-3 text-sm text-slate-300">{post.excerpt}</p>
        <dl className="mt-auto grid grid-cols-2 gap-x-4 gap-y-2 text-sm">
          {facts.map(([term, value, icon]) => (
            <div key={term}>
              <dt className="flex items-center gap-1.5 text-xs text-slate-400">
                <Icon
                  name={icon}
                  aria-hidden="true"
                  className="h-4 w-4 shrink-0 text-emerald-300"
                />
                {term}
              </dt>
              <dd className="mt-1 pl-5.5 text-slate-200">
                {term === "Difficulty" ? (
                  <Badge tone={difficultyTone[difficulty]}>{value}</Badge>
                ) : (
                  value
                )}
              </dd>
            </div>
          ))}
        </dl>
      </div>
    </article>
  );
}
