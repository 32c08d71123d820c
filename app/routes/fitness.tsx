import { useEffect } from "react";

import type { Route } from "./+types/fitness";
import { CallToAction } from "~/components/sections/call-to-action";
import { CheckList } from "~/components/sections/check-list";
import { ContentSection } from "~/components/sections/content-section";
import { IconCard } from "~/components/sections/icon-card";
import { PageHero } from "~/components/sections/page-hero";
import { SectionList } from "~/components/section-list";
import { site } from "~/config/site";
import { servicesContext } from "~/context";
import { loadFitnessLists } from "~/data/fitness.server";
import type {
  FitnessPhilosophy,
  FitnessRoutine,
  NutritionStrategy,
} from "~/data/fitness.server";
import { reportReadFailure } from "~/data/read-failure.server";
import { createListMemory } from "~/lib/all-or-nothing";
import type { ListResult } from "~/lib/content";
import { deferKeys } from "~/lib/deferred";
import { pageMeta } from "~/lib/seo";

export function loader({ context }: Route.LoaderArgs) {
  const { db, logger } = context.get(servicesContext);
  // Spec §8 names no notice for this page: a failure is logged only.
  return loadFitnessLists(db, reportReadFailure(logger, "fitness lists"));
}

type FitnessLists = {
  philosophies: ListResult<FitnessPhilosophy>;
  routines: ListResult<FitnessRoutine>;
  nutrition: ListResult<NutritionStrategy>;
};

// In the browser: the lists this page last showed in full, kept when a later load fails.
const shownLists = createListMemory<FitnessLists>();

export function clientLoader({ serverLoader }: Route.ClientLoaderArgs) {
  return deferKeys(shownLists.settle(serverLoader()), [
    "philosophies",
    "routines",
    "nutrition",
  ]);
}

export default function FitnessPage({ loaderData }: Route.ComponentProps) {
  useEffect(() => shownLists.remember(loaderData), [loaderData]);
  return (
    <>
      <PageHero badge="Wellness & Performance" title="Fitness & Nutrition">
        <p>
          Leading well takes energy. This is how I train, eat and recover so I
          can keep showing up for the people who count on me.
        </p>
      </PageHero>
      <ContentSection id="philosophy" title="Fitness Philosophy">
        <SectionList
          list={loaderData.philosophies}
          loadingText="Loading..."
          emptyTitle="No Fitness Philosophies Yet!"
          className="mt-10 grid gap-6 md:grid-cols-3"
          getKey={(philosophy: FitnessPhilosophy) => philosophy.id}
          renderItem={(philosophy) => (
            <IconCard
              icon={philosophy.icon}
              set="fitness"
              title={philosophy.title}
              description={philosophy.description}
            />
          )}
        />
      </ContentSection>
      <ContentSection id="routines" title="Current Fitness Routines">
        <SectionList
          list={loaderData.routines}
          loadingText="Loading..."
          emptyTitle="No Fitness Routines Yet!"
          className="mt-10 grid gap-6 md:grid-cols-3"
          getKey={(routine: FitnessRoutine) => routine.id}
          renderItem={(routine) => (
            <IconCard icon={routine.icon} set="fitness" title={routine.title}>
              <p className="mt-1 text-sm font-medium text-emerald-200">
                {routine.subtitle}
              </p>
              <CheckList items={routine.points} />
            </IconCard>
          )}
        />
      </ContentSection>
      <ContentSection id="nutrition" title="Nutrition Strategy">
        <SectionList
          list={loaderData.nutrition}
          loadingText="Loading..."
          emptyTitle="No Nutrition Strategies Yet!"
          className="mt-10 grid gap-6 sm:grid-cols-2 lg:grid-cols-4"
          getKey={(strategy: NutritionStrategy) => strategy.id}
          renderItem={(strategy) => (
            <IconCard icon={strategy.icon} set="fitness" title={strategy.title}>
              <p className="mt-4 font-semibold text-amber-200">Key Benefits</p>
              <CheckList items={strategy.benefits} />
            </IconCard>
          )}
        />
      </ContentSection>
      <CallToAction
        id="together"
        title="Stay Active Together"
        text="Training is better with company. Join a community hike, a morning workout or a conversation about building habits that last."
        to="/community"
        label="Join the Pursuit"
      />
    </>
  );
}

export function meta(args: Route.MetaArgs) {
  return pageMeta(args, {
    page: "Fitness & Nutrition",
    description: `How ${site.ownerName} trains, eats and recovers to lead with energy: a fitness philosophy, current routines and a practical nutrition strategy.`,
  });
}
