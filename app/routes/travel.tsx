import type { Route } from "./+types/travel";
import { DeferredValue } from "~/components/deferred-value";
import { Badge } from "~/components/page/badge";
import { CallToAction } from "~/components/page/call-to-action";
import { CheckList } from "~/components/page/check-list";
import { FeatureCard } from "~/components/page/feature-card";
import { PageHero } from "~/components/page/page-hero";
import { PageSection } from "~/components/page/page-section";
import { cardRows } from "~/components/page/styles";
import { FeaturedPost } from "~/components/posts/featured-post";
import { TravelEntry } from "~/components/posts/travel-entry";
import { SectionList } from "~/components/section-list";
import { servicesContext } from "~/context";
import { reportReadFailure } from "~/data/read-failure.server";
import { readTravelPage } from "~/data/post-archives.server";
import type { CategoryArchive, TravelPost } from "~/data/post-archives.server";
import { PageLinks } from "~/components/page/page-links";
import { pagesOf, requestedPage } from "~/lib/archive.server";
import { readList } from "~/lib/content";
import { deferKeys } from "~/lib/deferred";
import { Icon } from "~/lib/icons";
import type { IconName } from "~/lib/icons";
import { archiveOf } from "~/lib/pagination";
import { pageMeta } from "~/lib/seo";

export async function loader({ context, request }: Route.LoaderArgs) {
  const services = context.get(servicesContext);
  const { db } = services;
  const page = requestedPage(request);
  const read: { archive?: CategoryArchive<TravelPost> } = {};
  // A failed read is logged only: the page stays usable without it.
  const journeys = await readList(
    async () => (read.archive = await readTravelPage(db, page)).items,
    reportReadFailure(services, "travel_posts"),
  );
  const archive = journeys.ok ? read.archive : undefined;
  return {
    journeys,
    latest: archive?.latest ?? null,
    pages: pagesOf(archive),
  };
}

export function clientLoader({ serverLoader }: Route.ClientLoaderArgs) {
  return deferKeys(serverLoader(), ["journeys", "latest", "pages"]);
}

const philosophies: ReadonlyArray<{
  title: string;
  description: string;
  icon: IconName;
}> = [
  {
    title: "Cultural Curiosity",
    description:
      "I travel to understand, not to collect. Every market, shrine and kitchen has a story older than my visit.",
    icon: "Globe2",
  },
  {
    title: "Stepping Outside Comfort",
    description:
      "The best trips include a moment of not knowing what comes next. That is where growth starts.",
    icon: "Mountain",
  },
  {
    title: "Human Connection",
    description:
      "Places are memorable; people make them meaningful. I go looking for conversations, not just views.",
    icon: "HeartHandshake",
  },
];

const upcomingAdventures: ReadonlyArray<{
  place: string;
  summary: string;
  activities: [string, string, string];
}> = [
  {
    place: "New Zealand",
    summary: "Three weeks on the South Island, from fjords to alpine huts.",
    activities: [
      "Walking the Milford Track",
      "Kayaking Doubtful Sound",
      "Stargazing at Lake Tekapo",
    ],
  },
  {
    place: "Morocco",
    summary: "From the medinas of Fes to a night under Saharan skies.",
    activities: [
      "Exploring the Fes medina",
      "Crossing the Atlas Mountains",
      "A night camp in the Sahara",
    ],
  },
  {
    place: "Norway",
    summary: "Chasing the northern lights along the Arctic coast.",
    activities: [
      "Northern lights in Tromsø",
      "Hiking to Trolltunga",
      "Cruising the Lofoten Islands",
    ],
  },
];

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
      <PageSection id="travel-philosophy" title="Travel Philosophy">
        <ul className={cardRows(3)}>
          {philosophies.map(({ title, description, icon }) => (
            <li key={title} className="flex">
              <FeatureCard
                icon={<Icon name={icon} aria-hidden="true" />}
                title={title}
                description={description}
              />
            </li>
          ))}
        </ul>
      </PageSection>
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
      <PageSection id="upcoming" title="Upcoming Adventures">
        <ul className={cardRows(3)}>
          {upcomingAdventures.map((adventure) => (
            <li key={adventure.place} className="flex">
              <FeatureCard
                badge={
                  <Badge tone="amber" icon="CalendarClock">
                    Planned
                  </Badge>
                }
                title={adventure.place}
                description={adventure.summary}
              >
                <CheckList items={adventure.activities} />
              </FeatureCard>
            </li>
          ))}
        </ul>
      </PageSection>
      <CallToAction
        id="share-story"
        title="Have a Story to Tell?"
        label="Share Your Story"
        to="/community"
      >
        Been somewhere that changed you? Bring the story to the next community
        gathering.
      </CallToAction>
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
