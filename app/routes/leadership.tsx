import type { Route } from "./+types/leadership";
import { PageHero } from "~/components/page/page-hero";
import {
  LeadershipLessonsSection,
  LeadershipPhilosophiesSection,
  MentoringApproachesSection,
} from "~/components/sections/leadership";
import { servicesContext } from "~/context";
import { loadLeadershipLists } from "~/data/leadership.server";
import { reportReadFailure } from "~/data/read-failure.server";
import { eachList } from "~/lib/all-or-nothing";
import { pageMeta } from "~/lib/seo";

export function loader({ context }: Route.LoaderArgs) {
  const services = context.get(servicesContext);
  const { db } = services;
  // Not awaited: each section shows its loading text while the lists are
  // slow to come (docs/decisions/062).
  return eachList(
    loadLeadershipLists(
      db,
      reportReadFailure(services, "leadership lists", {
        title: "Error",
        description: "Could not fetch leadership data.",
        variant: "destructive",
      }),
    ),
    ["philosophies", "approaches", "lessons"],
  );
}

export default function LeadershipPage({ loaderData }: Route.ComponentProps) {
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
