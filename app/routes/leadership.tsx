import { useEffect } from "react";

import type { Route } from "./+types/leadership";
import { CheckList } from "~/components/page/check-list";
import { FeatureCard } from "~/components/page/feature-card";
import { PageHero } from "~/components/page/page-hero";
import { PageSection } from "~/components/page/page-section";
import { PullQuote } from "~/components/page/pull-quote";
import { cardRows } from "~/components/page/styles";
import { SectionList } from "~/components/section-list";
import { site } from "~/config/site";
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
import { ContentIcon } from "~/lib/icons";
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
      <PageSection
        id="philosophy"
        title="Leadership Philosophy"
        intro="The beliefs that shape how I lead teams and grow leaders."
      >
        <SectionList
          list={loaderData.philosophies}
          loadingText="Loading philosophies..."
          emptyTitle="No Leadership Philosophies Yet!"
          emptyDescription="Leadership philosophies will be displayed here soon."
          className={cardRows(2)}
          getKey={(philosophy: LeadershipPhilosophy) => philosophy.id}
          renderItem={(philosophy) => (
            <FeatureCard
              icon={<ContentIcon name={philosophy.icon} set="leadership" />}
              title={philosophy.title}
              description={philosophy.description}
            >
              {philosophy.quote ? (
                <div className="mt-auto">
                  <PullQuote>{philosophy.quote}</PullQuote>
                </div>
              ) : null}
            </FeatureCard>
          )}
        />
      </PageSection>
      <PageSection
        id="mentoring"
        title="Mentoring Approach"
        intro="How I mentor, and what changes for the people and teams involved."
      >
        <SectionList
          list={loaderData.approaches}
          loadingText="Loading mentoring approaches..."
          emptyTitle="No Mentoring Approaches Yet!"
          emptyDescription="Mentoring approaches will be displayed here soon."
          className={cardRows(3)}
          getKey={(approach: MentoringApproach) => approach.id}
          renderItem={(approach) => (
            <FeatureCard
              title={approach.title}
              description={approach.description}
            >
              <CheckList label="Key Results..." items={approach.results} />
            </FeatureCard>
          )}
        />
      </PageSection>
      <PageSection
        id="lessons"
        title="Leadership Lessons Learned"
        intro="Lessons that cost me something to learn, and what I do differently because of them."
        width="narrow"
      >
        <SectionList
          list={loaderData.lessons}
          loadingText="Loading lessons..."
          emptyTitle="No Leadership Lessons Yet!"
          emptyDescription="Leadership lessons will be displayed here soon."
          className="flex flex-col gap-6"
          getKey={(lesson: LeadershipLesson) => lesson.id}
          renderItem={(lesson) => (
            <FeatureCard title={lesson.title} description={lesson.description}>
              <CheckList label="In Practice..." items={lesson.actions} />
            </FeatureCard>
          )}
        />
      </PageSection>
    </>
  );
}

export function meta(args: Route.MetaArgs) {
  return pageMeta(args, {
    page: "Leadership & Mentoring",
    description: `Generational leadership with ${site.ownerName}: a leadership philosophy, a mentoring approach and the lessons learned along the way.`,
  });
}
