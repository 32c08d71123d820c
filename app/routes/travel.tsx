import type { Route } from "./+types/travel";
import { DeferredValue } from "~/components/deferred-value";
import { PageHero } from "~/components/page/page-hero";
import { PageSection } from "~/components/page/page-section";
import { TravelEntry } from "~/components/posts/travel-entry";
import { SectionList } from "~/components/section-list";
import { TravelPhilosophy, TravelPlans } from "~/components/sections/travel";
import { FeaturedPost } from "~/components/posts/featured-post";
import { PageLinks } from "~/components/page/page-links";
import { servicesContext } from "~/context";
import { reportReadFailure } from "~/data/read-failure.server";
import { readTravelPage } from "~/data/post-archives.server";
import type { CategoryArchive, TravelPost } from "~/data/post-archives.server";
import { pagesOf, requestedPage } from "~/lib/archive.server";
import { readList } from "~/lib/content";
import { archiveOf } from "~/lib/page-param";
import { pageMeta } from "~/lib/seo";

export async function loader({ context, request }: Route.LoaderArgs) {
  const services = context.get(servicesContext);
  const { db } = services;
  const page = requestedPage(request);
  const read: { archive?: CategoryArchive<TravelPost> } = {};
  // A failed read is logged only: the page stays usable without it.
  const journeys = readList(
    async () => (read.archive = await readTravelPage(db, page)).items,
    reportReadFailure(services, "travel_posts"),
  );
  const archive = journeys.then((list) => (list.ok ? read.archive : undefined));
  return {
    journeys,
    latest: archive.then((shown) => shown?.latest ?? null),
    // The first page always exists: its read is not awaited, and its list
    // shows its loading text while the read is slow (docs/decisions/062). A
    // later page waits, as only its read says whether it exists (404).
    pages: page === 1 ? archive.then(pagesOf) : pagesOf(await archive),
  };
}

export default function TravelPage({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <PageHero icon="Plane" title="Travel">
        Journeys near and far, and the people and places that changed how I see
        the world and how I lead.
      </PageHero>
      {/* The newest post is the hero, on every page of the archive. */}
      <DeferredValue value={loaderData.latest}>
        {(latest) =>
          latest ? (
            <FeaturedPost
              id="latest-journey"
              label="Latest Adventure"
              post={latest}
            />
          ) : null
        }
      </DeferredValue>
      <TravelPhilosophy />
      <PageSection id="recent-adventures" title="Recent Adventures">
        <SectionList
          list={loaderData.journeys}
          loadingText="Loading adventures..."
          emptyTitle="No travel posts yet. Start your first one!"
          className="flex flex-col gap-8"
          getKey={(post: TravelPost) => post.slug}
          renderItem={(post, index) => (
            <TravelEntry post={post} index={index} />
          )}
        />
        <PageLinks
          pathname="/travel"
          info={loaderData.pages}
          label="Adventures"
          anchor="recent-adventures-heading"
        />
      </PageSection>
      <TravelPlans />
    </>
  );
}

export function meta(args: Route.MetaArgs) {
  return pageMeta(args, {
    page: "Travel",
    description: (settings) =>
      `Travel logs by ${settings.ownerName}: recent adventures with highlights, takeaways and maps, and the journeys planned next.`,
    archive: archiveOf(args),
  });
}
