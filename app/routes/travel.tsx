import {
  CalendarClock,
  Globe2,
  HeartHandshake,
  Mountain,
  Plane,
} from "lucide-react";
import type { LucideIcon } from "lucide-react";

import type { Route } from "./+types/travel";
import { DeferredValue } from "~/components/deferred-value";
import { CallToAction } from "~/components/posts/call-to-action";
import { FeaturedPost } from "~/components/posts/featured-post";
import { PageIntro } from "~/components/posts/page-intro";
import { PageSection } from "~/components/posts/page-section";
import { TravelEntry } from "~/components/posts/travel-entry";
import { SectionList } from "~/components/section-list";
import { site } from "~/config/site";
import { servicesContext } from "~/context";
import { readTravelPosts } from "~/data/posts.server";
import type { TravelPost } from "~/data/posts.server";
import { readList } from "~/lib/content";
import { deferKeys } from "~/lib/deferred";
import { pageMeta } from "~/lib/seo";
import { errorMessage } from "~server/logger";

export async function loader({ context }: Route.LoaderArgs) {
  const { db, logger } = context.get(servicesContext);
  // Spec §8: a failed read is logged only.
  const journeys = await readList(
    () => readTravelPosts(db),
    (error) => {
      logger.error("travel page read failed", { error: errorMessage(error) });
      return undefined;
    },
  );
  return { journeys };
}

export function clientLoader({ serverLoader }: Route.ClientLoaderArgs) {
  return deferKeys(serverLoader(), ["journeys"]);
}

const philosophies: ReadonlyArray<{
  title: string;
  description: string;
  icon: LucideIcon;
}> = [
  {
    title: "Cultural Curiosity",
    description:
      "I travel to understand, not to collect. Every market, shrine and kitchen has a story older than my visit.",
    icon: Globe2,
  },
  {
    title: "Stepping Outside Comfort",
    description:
      "The best trips include a moment of not knowing what comes next. That is where growth starts.",
    icon: Mountain,
  },
  {
    title: "Human Connection",
    description:
      "Places are memorable; people make them meaningful. I go looking for conversations, not just views.",
    icon: HeartHandshake,
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
      <PageIntro icon={Plane} title="Travel">
        Journeys near and far, and the people and places that changed how I see
        the world and how I lead.
      </PageIntro>
      <DeferredValue value={loaderData.journeys}>
        {(journeys) => {
          const latest = journeys.items[0];
          return latest ? (
            <FeaturedPost
              id="latest-journey-heading"
              label="Latest Adventure"
              post={latest}
            />
          ) : null;
        }}
      </DeferredValue>
      <PageSection id="travel-philosophy-heading" title="Travel Philosophy">
        <ul className="grid gap-6 md:grid-cols-3">
          {philosophies.map(({ title, description, icon: Icon }) => (
            <li
              key={title}
              className="rounded-2xl border border-white/10 bg-white/5 p-6"
            >
              <Icon aria-hidden="true" className="h-8 w-8 text-emerald-300" />
              <h3 className="mt-4 text-xl font-semibold text-white">{title}</h3>
              <p className="mt-2 text-slate-300">{description}</p>
            </li>
          ))}
        </ul>
      </PageSection>
      <PageSection id="recent-adventures-heading" title="Recent Adventures">
        <SectionList
          list={loaderData.journeys}
          loadingText="Loading adventures..."
          emptyTitle="No travel posts yet. Start your first one!"
          className="flex flex-col gap-16"
          getKey={(post: TravelPost) => post.id}
          renderItem={(post, index) => (
            <TravelEntry post={post} index={index} />
          )}
        />
      </PageSection>
      <PageSection id="upcoming-heading" title="Upcoming Adventures">
        <ul className="grid gap-6 md:grid-cols-3">
          {upcomingAdventures.map((adventure) => (
            <li
              key={adventure.place}
              className="flex flex-col rounded-2xl border border-white/10 bg-white/5 p-6"
            >
              <div className="flex items-center justify-between gap-3">
                <h3 className="text-xl font-semibold text-white">
                  {adventure.place}
                </h3>
                <span className="inline-flex items-center gap-1 rounded-full bg-amber-300/15 px-3 py-1 text-xs font-semibold text-amber-200">
                  <CalendarClock aria-hidden="true" className="h-3.5 w-3.5" />
                  Planned
                </span>
              </div>
              <p className="mt-2 text-slate-300">{adventure.summary}</p>
              <ul className="mt-4 list-disc space-y-1 pl-5 text-sm text-slate-300 marker:text-emerald-300">
                {adventure.activities.map((activity) => (
                  <li key={activity}>{activity}</li>
                ))}
              </ul>
            </li>
          ))}
        </ul>
      </PageSection>
      <CallToAction
        id="share-story-heading"
        title="Have a Story to Tell?"
        linkText="Share Your Story"
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
    description: `Travel logs by ${site.ownerName}: recent adventures with highlights, takeaways and maps, and the journeys planned next.`,
  });
}
