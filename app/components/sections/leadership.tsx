// The Leadership page's section-table blocks, drawn by
// app/routes/leadership.tsx and by the studio's preview of an unsaved row
// (app/studio/section-preview.tsx).
import { CheckList } from "~/components/page/check-list";
import { FeatureCard } from "~/components/page/feature-card";
import { PageSection } from "~/components/page/page-section";
import { PullQuote } from "~/components/page/pull-quote";
import { cardRows } from "~/components/page/styles";
import { SectionList } from "~/components/section-list";
import type { SectionListSource } from "~/components/section-list";
import type {
  LeadershipLesson,
  LeadershipPhilosophy,
  MentoringApproach,
} from "~/data/leadership.server";
import { ContentIcon } from "~/lib/icons";

/** leadership_philosophies */
export function LeadershipPhilosophiesSection({
  list,
}: {
  list: SectionListSource<LeadershipPhilosophy>;
}) {
  return (
    <PageSection
      id="philosophy"
      title="Leadership Philosophy"
      intro="The beliefs that shape how I lead teams and grow leaders."
    >
      <SectionList
        list={list}
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
  );
}

/** mentoring_approaches */
export function MentoringApproachesSection({
  list,
}: {
  list: SectionListSource<MentoringApproach>;
}) {
  return (
    <PageSection
      id="mentoring"
      title="Mentoring Approach"
      intro="How I mentor, and what changes for the people and teams involved."
    >
      <SectionList
        list={list}
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
  );
}

/** leadership_lessons */
export function LeadershipLessonsSection({
  list,
}: {
  list: SectionListSource<LeadershipLesson>;
}) {
  return (
    <PageSection
      id="lessons"
      title="Leadership Lessons Learned"
      intro="Lessons that cost me something to learn, and what I do differently because of them."
      width="narrow"
    >
      <SectionList
        list={list}
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
  );
}
