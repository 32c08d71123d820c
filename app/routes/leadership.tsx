import { useEffect } from "react";

import type { Route } from "./+types/leadership";
import { CheckList } from "~/components/sections/check-list";
import { ContentSection } from "~/components/sections/content-section";
import { IconCard } from "~/components/sections/icon-card";
import { PageHero } from "~/components/sections/page-hero";
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
import { pageMeta } from "~/lib/seo";

export function loader({ context }: Route.LoaderArgs) {
  const { db, logger } = context.get(servicesContext);
  return loadLeadershipLists(
    db,
    reportReadFailure(logger, "leadership lists", {
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
      <PageHero badge="Leadership & Mentoring" title="Generational Leadership">
        <p>
          Creating a dynamic where wisdom and innovation flow in both
          directions.
        </p>
      </PageHero>
      <ContentSection
        id="philosophy"
        title="Leadership Philosophy"
        intro="The beliefs that shape how I lead teams and grow leaders."
      >
        <SectionList
          list={loaderData.philosophies}
          loadingText="Loading philosophies..."
          emptyTitle="No Leadership Philosophies Yet!"
          emptyDescription="Leadership philosophies will be displayed here soon."
          className="mt-10 grid gap-6 md:grid-cols-2"
          getKey={(philosophy: LeadershipPhilosophy) => philosophy.id}
          renderItem={(philosophy) => (
            <IconCard
              icon={philosophy.icon}
              set="leadership"
              title={philosophy.title}
              description={philosophy.description}
            >
              {philosophy.quote ? (
                <blockquote className="mt-4 border-l-2 border-amber-300 pl-4 font-serif text-amber-100 italic">
                  <p>{philosophy.quote}</p>
                </blockquote>
              ) : null}
            </IconCard>
          )}
        />
      </ContentSection>
      <ContentSection
        id="mentoring"
        title="Mentoring Approach"
        intro="How I mentor, and what changes for the people and teams involved."
      >
        <SectionList
          list={loaderData.approaches}
          loadingText="Loading mentoring approaches..."
          emptyTitle="No Mentoring Approaches Yet!"
          emptyDescription="Mentoring approaches will be displayed here soon."
          className="mt-10 grid gap-6 md:grid-cols-3"
          getKey={(approach: MentoringApproach) => approach.id}
          renderItem={(approach) => (
            <LabelledListCard
              title={approach.title}
              description={approach.description}
              label="Key Results..."
              items={approach.results}
            />
          )}
        />
      </ContentSection>
      <ContentSection
        id="lessons"
        title="Leadership Lessons Learned"
        intro="Lessons that cost me something to learn, and what I do differently because of them."
        width="max-w-4xl"
      >
        <SectionList
          list={loaderData.lessons}
          loadingText="Loading lessons..."
          emptyTitle="No Leadership Lessons Yet!"
          emptyDescription="Leadership lessons will be displayed here soon."
          className="mt-10 flex flex-col gap-6"
          getKey={(lesson: LeadershipLesson) => lesson.id}
          renderItem={(lesson) => (
            <LabelledListCard
              title={lesson.title}
              description={lesson.description}
              label="In Practice..."
              items={lesson.actions}
              wide
            />
          )}
        />
      </ContentSection>
    </>
  );
}

/** A card with a title, a description and a labelled checklist (results, or actions in practice). */
function LabelledListCard({
  title,
  description,
  label,
  items,
  wide = false,
}: {
  title: string;
  description: string;
  label: string;
  items: ReadonlyArray<string>;
  /** The stacked lessons: more room, a serif title and an amber label. */
  wide?: boolean;
}) {
  return (
    <article
      className={`flex w-full flex-col rounded-2xl border border-white/10 bg-white/5 p-6 ${wide ? "sm:p-8" : ""}`}
    >
      <h3
        className={
          wide
            ? "font-serif text-2xl font-semibold text-white"
            : "text-xl font-semibold text-white"
        }
      >
        {title}
      </h3>
      <p className="mt-2 text-slate-300">{description}</p>
      <p
        className={`mt-5 font-semibold ${wide ? "text-amber-200" : "text-emerald-300"}`}
      >
        {label}
      </p>
      <CheckList items={items} />
    </article>
  );
}

export function meta(args: Route.MetaArgs) {
  return pageMeta(args, {
    page: "Leadership & Mentoring",
    description: `Generational leadership with ${site.ownerName}: a leadership philosophy, a mentoring approach and the lessons learned along the way.`,
  });
}
