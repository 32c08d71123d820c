import { useEffect } from "react";

import type { Route } from "./+types/leadership";
import { PageHero } from "~/components/page/page-hero";
import {
  LeadershipLessonsSection,
  LeadershipPhilosophiesSection,
  MentoringApproachesSection,
} from "~/components/sections/leadership";
import { servicesContext } from "~/context";
import { loadLeadershipLists } from "~/data/leadership.server";
import type {
  LeadershipLesson,
  LeadershipPhilosophy,
  MentoringApproach,
} from "~/data/leadership.server";
import { reportReadFailure } from "~/data/read-failure.server";
import { createListMemory } from "~/lib/all-or-nothing";
import type { ListResult } from "~/lib/content";
import { deferKeys } from "~/lib/deferred";
import { pageMeta } from "~/lib/seo";

export function loader({ context }: Route.LoaderArgs) {
  const services = context.get(servicesContext);
  const { db } = services;
  return loadLeadershipLists(
    db,
    reportReadFailure(services, "leadership lists", {
      title: "Error",
      description: "Could not fetch leadership data.",
      variant: "destructive",
    }),
  );
}

type LeadershipLists = {
  philosophies: ListResult<LeadershipPhilosophy>;
  approaches: ListResult<MentoringApproach>;
  lessons: ListResult<LeadershipLesson>;
};

// In the browser: the lists this page last showed in full, kept when a later load fails.
const shownLists = createListMemory<LeadershipLists>();

export function clientLoader({ serverLoader }: Route.ClientLoaderArgs) {
  return deferKeys(shownLists.settle(serverLoader()), [
    "philosophies",
    "approaches",
    "lessons",
  ]);
}

export default function LeadershipPage({ loaderData }: Route.ComponentProps) {
  useEffect(() => shownLists.remember(loaderData), [loaderData]);
  return (
    <>
      <PageHero
        icon="Users"
        badge="Leadership & Mentoring"
        title="Generational Leadership"
      >
        Creating a dynamic where wisdom and innovation flow in both directions.
      </PageHero>
      <LeadershipPhilosophiesSection list={loaderData.philosophies} />
      <MentoringApproachesSection list={loaderData.approaches} />
      <LeadershipLessonsSection list={loaderData.lessons} />
    </>
  );
}

export function meta(args: Route.MetaArgs) {
  return pageMeta(args, {
    page: "Leadership & Mentoring",
    description: (settings) =>
      `Generational leadership with ${settings.ownerName}: a leadership philosophy, a mentoring approach and the lessons learned along the way.`,
  });
}
