import type { Route } from "./+types/hiking";
import { DeferredValue } from "~/components/deferred-value";
import { CallToAction } from "~/components/page/call-to-action";
import { PageHero } from "~/components/page/page-hero";
import { PageSection } from "~/components/page/page-section";
import { TrailCard } from "~/components/posts/trail-card";
import { TrailPhilosophiesSection } from "~/components/sections/hiking";
import { SectionList } from "~/components/section-list";
import { FeaturedPost } from "~/components/posts/featured-post";
import { PageLinks } from "~/components/page/page-links";
import { servicesContext } from "~/context";
import { readTrailPhilosophies } from "~/data/philosophies.server";
import { readHikingPage } from "~/data/post-archives.server";
import type { CategoryArchive, HikingPost } from "~/data/post-archives.server";
import { pagesOf, requestedPage } from "~/lib/archive.server";
import { eachList, readAllOrNothing } from "~/lib/all-or-nothing";
import { archiveOf } from "~/lib/page-param";
import { pageMeta } from "~/lib/seo";
import { reportReadFailure } from "~/data/read-failure.server";

export async function loader({ context, request }: Route.LoaderArgs) {
  const services = context.get(servicesContext);
  const { db } = services;
  const page = requestedPage(request);
  const read: { archive?: CategoryArchive<HikingPost> } = {};
  // A failed read is logged only; the page shows its empty states.
  const lists = readAllOrNothing(
    {
      adventures: async () =>
        (read.archive = await readHikingPage(db, page)).items,
      philosophies: () => readTrailPhilosophies(db),
    },
    reportReadFailure(services, "hiking page lists"),
    { db, key: `hiking?page=${page}` },
  );
  const archive = lists.then((group) =>
    group.adventures.ok ? read.archive : undefined,
  );
  return {
    ...eachList(lists, ["adventures", "philosophies"]),
    latest: archive.then((shown) => shown?.latest ?? null),
    // The first page always exists: its read is not awaited, and its list
    // shows its loading text while the read is slow (docs/decisions/062). A
    // later page waits, as only its read says whether it exists (404).
    pages: page === 1 ? archive.then(pagesOf) : pagesOf(await archive),
  };
}

export default function HikingPage({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <PageHero icon="Mountain" title="Hiking & Nature">
        Early starts, long climbs and quiet lakes: what the trail teaches about
        pace, patience and the people you walk with.
      </PageHero>
      {/* The newest hike, on every page of the archive. */}
      <DeferredValue value={loaderData.latest}>
        {(latest) =>
          latest ? (
            <FeaturedPost
              id="latest-adventure"
              label="Latest Adventure"
              post={latest}
            />
          ) : null
        }
      </DeferredValue>
      <TrailPhilosophiesSection list={loaderData.philosophies} />
      <PageSection id="recent-trails" title="Recent Trail Adventures">
        <SectionList
          list={loaderData.adventures}
          loadingText="Loading trail adventures..."
          emptyTitle="Trail Write-ups Coming Soon!"
          className="grid gap-6 lg:grid-cols-2"
          getKey={(post: HikingPost) => post.slug}
          renderItem={(post) => <TrailCard post={post} />}
        />
        <PageLinks
          pathname="/hiking"
          info={loaderData.pages}
          label="Trail adventures"
          anchor="recent-trails-heading"
        />
      </PageSection>
      <CallToAction
        id="join-adventure"
        title="Join the Adventure"
        label="Share Your Trail Story"
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
    description: (settings) =>
      `Trail write-ups by ${settings.ownerName}: location, difficulty, distance and elevation gain, plus the philosophy behind every climb.`,
    archive: archiveOf(args),
  });
}
