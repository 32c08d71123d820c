import { Mountain } from "lucide-react";

import type { Route } from "./+types/hiking";
import { DeferredValue } from "~/components/deferred-value";
import { CallToAction } from "~/components/posts/call-to-action";
import { FeaturedPost } from "~/components/posts/featured-post";
import { PageIntro } from "~/components/posts/page-intro";
import { PageSection } from "~/components/posts/page-section";
import { PhilosophyCard } from "~/components/posts/philosophy-card";
import { TrailCard } from "~/components/posts/trail-card";
import { SectionList } from "~/components/section-list";
import { site } from "~/config/site";
import { servicesContext } from "~/context";
import { readTrailPhilosophies } from "~/data/philosophies.server";
import type { Philosophy } from "~/data/philosophies.server";
import { readHikingPosts } from "~/data/posts.server";
import type { HikingPost } from "~/data/posts.server";
import { deferKeys } from "~/lib/deferred";
import { readAllOrNothing } from "~/lib/all-or-nothing";
import { pageMeta } from "~/lib/seo";
import { reportReadFailure } from "~/data/read-failure.server";

export async function loader({ context }: Route.LoaderArgs) {
  const { db, logger } = context.get(servicesContext);
  // Spec §8: a failed read is logged only; the page shows its empty states.
  return readAllOrNothing(
    {
      adventures: () => readHikingPosts(db),
      philosophies: () => readTrailPhilosophies(db),
    },
    reportReadFailure(logger, "hiking page lists"),
  );
}

export function clientLoader({ serverLoader }: Route.ClientLoaderArgs) {
  return deferKeys(serverLoader(), ["adventures", "philosophies"]);
}

export default function HikingPage({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <PageIntro icon={Mountain} title="Hiking & Nature">
        Early starts, long climbs and quiet lakes: what the trail teaches about
        pace, patience and the people you walk with.
      </PageIntro>
      <DeferredValue value={loaderData.adventures}>
        {(adventures) => {
          const latest = adventures.items[0];
          return latest ? (
            <FeaturedPost
              id="latest-adventure-heading"
              label="Latest Adventure"
              post={latest}
            />
          ) : null;
        }}
      </DeferredValue>
      <PageSection id="trail-philosophy-heading" title="Trail Philosophy">
        <SectionList
          list={loaderData.philosophies}
          loadingText="Loading trail philosophy..."
          emptyTitle="No Trail Philosophy Yet!"
          className="grid gap-6 md:grid-cols-3"
          getKey={(philosophy: Philosophy) => philosophy.id}
          renderItem={(philosophy) => (
            <PhilosophyCard philosophy={philosophy} set="trail" />
          )}
        />
      </PageSection>
      <PageSection id="recent-trails-heading" title="Recent Trail Adventures">
        <SectionList
          list={loaderData.adventures}
          loadingText="Loading trail adventures..."
          emptyTitle="Trail Write-ups Coming Soon!"
          className="grid gap-6 lg:grid-cols-2"
          getKey={(post: HikingPost) => post.id}
          renderItem={(post) => <TrailCard post={post} />}
        />
      </PageSection>
      <CallToAction
        id="join-adventure-heading"
        title="Join the Adventure"
        linkText="Share Your Trail Story"
        to="/create-post"
      >
        Have a trail that changed how you think? I would love to hear where it
        took you.
      </CallToAction>
    </>
  );
}

export function meta(args: Route.MetaArgs) {
  return pageMeta(args, {
    page: "Hiking & Nature",
    description: `Trail write-ups by ${site.ownerName}: location, difficulty, distance and elevation gain, plus the philosophy behind every climb.`,
  });
}
