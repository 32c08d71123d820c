import type { Route } from "./+types/fitness";
import { CallToAction } from "~/components/page/call-to-action";
import { PageHero } from "~/components/page/page-hero";
import {
  FitnessPhilosophiesSection,
  FitnessRoutinesSection,
  NutritionStrategiesSection,
} from "~/components/sections/fitness";
import { servicesContext } from "~/context";
import { loadFitnessLists } from "~/data/fitness.server";
import { reportReadFailure } from "~/data/read-failure.server";
import { eachList } from "~/lib/all-or-nothing";
import { pageMeta } from "~/lib/seo";

export function loader({ context }: Route.LoaderArgs) {
  const services = context.get(servicesContext);
  const { db } = services;
  // This page has no notice of its own: a failure is logged only. Not
  // awaited: each section shows 'Loading...' while the lists are slow to
  // come (docs/decisions/062).
  return eachList(
    loadFitnessLists(db, reportReadFailure(services, "fitness lists")),
    ["philosophies", "routines", "nutrition"],
  );
}

export default function FitnessPage({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <PageHero
        icon="Dumbbell"
        badge="Wellness & Performance"
        title="Fitness & Nutrition"
      >
        Leading well takes energy. This is how I train, eat and recover so I can
        keep showing up for the people who count on me.
      </PageHero>
      <FitnessPhilosophiesSection list={loaderData.philosophies} />
      <FitnessRoutinesSection list={loaderData.routines} />
      <NutritionStrategiesSection list={loaderData.nutrition} />
      <CallToAction
        id="together"
        title="Stay Active Together"
        to="/community"
        label="Join the Pursuit"
      >
        Training is better with company. Join a community hike, a morning
        workout or a conversation about building habits that last.
      </CallToAction>
    </>
  );
}

export function meta(args: Route.MetaArgs) {
  return pageMeta(args, {
    page: "Fitness & Nutrition",
    description: (settings) =>
      `How ${settings.ownerName} trains, eats and recovers to lead with energy: a fitness philosophy, current routines and a practical nutrition strategy.`,
  });
}
