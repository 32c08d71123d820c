// The Leadership page's section-table blocks, drawn by
// app/routes/leadership.tsx and by the studio's preview of an unsaved row
// (app/studio/section-preview.tsx).
import { CardSection } from "~/components/page/card-section";
import { CheckList } from "~/components/page/check-list";
import { CardQuote } from "~/components/page/pull-quote";
import type { SectionListSource } from "~/components/section-list";
import type {
  LeadershipLesson,
  LeadershipPhilosophy,
  MentoringApproach,
} from "~/data/leadership.server";

/** leadership_philosophies */
export function LeadershipPhilosophiesSection({
  list,
}: {
  list: SectionListSource<LeadershipPhilosophy>;
}) {
  return (
    <CardSection
      id="philosophy"
      title="Leadership Philosophy"
      intro="The beliefs that shape how I lead teams and grow leaders."
      list={list}
      loadingText="Loading philosophies..."
      emptyTitle="No Leadership Philosophies Yet!"
      emptyDescription="Leadership philosophies will be displayed here soon."
      columns={2}
      iconSet="leadership"
      extra={(philosophy) => <CardQuote quote={philosophy.quote} />}
    />
  );
}

/** mentoring_approaches */
export function MentoringApproachesSection({
  list,
}: {
  list: SectionListSource<MentoringApproach>;
}) {
  return (
    <CardSection
      id="mentoring"
      title="Mentoring Approach"
      intro="How I mentor, and what changes for the people and teams involved."
      list={list}
      loadingText="Loading mentoring approaches..."
      emptyTitle="No Mentoring Approaches Yet!"
      emptyDescription="Mentoring approaches will be displayed here soon."
      columns={3}
      extra={(approach) => (
        <CheckList label="Key Results..." items={approach.results} />
      )}
    />
  );
}

/** leadership_lessons */
export function LeadershipLessonsSection({
  list,
}: {
  list: SectionListSource<LeadershipLesson>;
}) {
  return (
    <CardSection
      id="lessons"
      title="Leadership Lessons Learned"
      intro="Lessons that cost me something to learn, and what I do differently because of them."
      list={list}
      loadingText="Loading lessons..."
      emptyTitle="No Leadership Lessons Yet!"
      emptyDescription="Leadership lessons will be displayed here soon."
      columns="stacked"
      extra={(lesson) => (
        <CheckList label="In Practice..." items={lesson.actions} />
      )}
    />
  );
}
