// Each section table's block as its public page draws it, for the studio's
// preview of unsaved changes. The blocks are built from the public page kit
// (PageSection, SectionList, FeatureCard...), which every public page already
// loads; the few lines that pick a table's fields live in the public route
// modules, and moving them out would give those pages a chunk shared with the
// studio (decision 024). So they are repeated here, and the preview journey
// (tests/e2e/studio-sections.spec.ts) compares every block with its public
// page's, so a change on one side that the other lacks fails there.
import { Link } from "react-router";

import { Badge } from "~/components/page/badge";
import { CheckList } from "~/components/page/check-list";
import { FeatureCard } from "~/components/page/feature-card";
import { PageSection } from "~/components/page/page-section";
import { PullQuote } from "~/components/page/pull-quote";
import {
  buttonClass,
  cardRows,
  cardTitleClass,
} from "~/components/page/styles";
import { SectionList } from "~/components/section-list";
import type { CoreValue, JourneySection } from "~/data/about.server";
import type { CommunityEvent, CommunityValue } from "~/data/community.server";
import type {
  FitnessPhilosophy,
  FitnessRoutine,
  NutritionStrategy,
} from "~/data/fitness.server";
import type {
  LeadershipLesson,
  LeadershipPhilosophy,
  MentoringApproach,
} from "~/data/leadership.server";
import type { MotivationalSection } from "~/data/motivational.server";
import type { Philosophy } from "~/data/philosophies.server";
import { ContentIcon, Icon } from "~/lib/icons";
import { notImplementedToast, toast } from "~/lib/toast";

import type { SectionTable } from "./sections";

/** Each table's items as its public page reads them. */
export interface PreviewItems {
  core_values: CoreValue[];
  personal_journey_sections: JourneySection[];
  leadership_philosophies: LeadershipPhilosophy[];
  mentoring_approaches: MentoringApproach[];
  leadership_lessons: LeadershipLesson[];
  community_values: CommunityValue[];
  community_events: CommunityEvent[];
  trail_philosophies: Philosophy[];
  music_philosophies: Philosophy[];
  fitness_philosophies: FitnessPhilosophy[];
  fitness_routines: FitnessRoutine[];
  nutrition_strategies: NutritionStrategy[];
  motivational_sections: MotivationalSection[];
}

/** One table's items, tagged with the table so the block can be chosen. */
export type PreviewList = {
  [Table in SectionTable]: { table: Table; items: PreviewItems[Table] };
}[SectionTable];

const loaded = <T,>(items: T[]) => ({ ok: true as const, items });

/** The table's section exactly as its public page renders it, with these items. */
export function PublicSectionPreview({ list }: { list: PreviewList }) {
  switch (list.table) {
    // app/routes/about.tsx
    case "core_values":
      return (
        <PageSection
          id="values"
          title="Core Values & Philosophy"
          intro="The principles behind every decision I make, at work and beyond it."
        >
          <SectionList
            list={loaded(list.items)}
            loadingText="Loading values..."
            emptyTitle="No Core Values Yet!"
            className={cardRows(3)}
            getKey={(value: CoreValue) => value.id}
            renderItem={(value) => (
              <FeatureCard
                icon={<ContentIcon name={value.icon} set="coreValues" />}
                title={value.title}
                description={value.description}
              />
            )}
          />
        </PageSection>
      );
    case "personal_journey_sections":
      return (
        <PageSection
          id="journey"
          title="My Personal Journey"
          intro="From a hardware store in a small town to leading across three continents, and what each chapter taught me."
          width="narrow"
        >
          <SectionList
            list={loaded(list.items)}
            loadingText="Loading journey..."
            emptyTitle="No Journey Sections Yet!"
            className="flex flex-col gap-6"
            getKey={(section: JourneySection) => section.id}
            renderItem={(section) => <JourneyEntry section={section} />}
          />
        </PageSection>
      );
    // app/routes/leadership.tsx
    case "leadership_philosophies":
      return (
        <PageSection
          id="philosophy"
          title="Leadership Philosophy"
          intro="The beliefs that shape how I lead teams and grow leaders."
        >
          <SectionList
            list={loaded(list.items)}
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
    case "mentoring_approaches":
      return (
        <PageSection
          id="mentoring"
          title="Mentoring Approach"
          intro="How I mentor, and what changes for the people and teams involved."
        >
          <SectionList
            list={loaded(list.items)}
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
    case "leadership_lessons":
      return (
        <PageSection
          id="lessons"
          title="Leadership Lessons Learned"
          intro="Lessons that cost me something to learn, and what I do differently because of them."
          width="narrow"
        >
          <SectionList
            list={loaded(list.items)}
            loadingText="Loading lessons..."
            emptyTitle="No Leadership Lessons Yet!"
            emptyDescription="Leadership lessons will be displayed here soon."
            className="flex flex-col gap-6"
            getKey={(lesson: LeadershipLesson) => lesson.id}
            renderItem={(lesson) => (
              <FeatureCard
                title={lesson.title}
                description={lesson.description}
              >
                <CheckList label="In Practice..." items={lesson.actions} />
              </FeatureCard>
            )}
          />
        </PageSection>
      );
    // app/routes/community.tsx
    case "community_values":
      return (
        <PageSection
          id="values"
          title="Community Values"
          intro="What we promise each other whenever we gather."
        >
          <SectionList
            list={loaded(list.items)}
            loadingText="Loading values..."
            emptyTitle="No Community Values Yet!"
            className={cardRows(4)}
            getKey={(value: CommunityValue) => value.id}
            renderItem={(value) => (
              <FeatureCard
                icon={<ContentIcon name={value.icon} set="community" />}
                title={value.title}
                description={value.description}
              />
            )}
          />
        </PageSection>
      );
    case "community_events":
      return (
        <PageSection
          id="events"
          title="Community Events"
          intro="Regular gatherings, open to anyone who wants to grow and help others grow."
        >
          <SectionList
            list={loaded(list.items)}
            loadingText="Loading events..."
            emptyTitle="No Community Events Yet!"
            className={cardRows(2)}
            getKey={(event: CommunityEvent) => event.id}
            renderItem={(event) => <CommunityEventCard event={event} />}
          />
        </PageSection>
      );
    // app/routes/hiking.tsx
    case "trail_philosophies":
      return (
        <PageSection id="trail-philosophy" title="Trail Philosophy">
          <SectionList
            list={loaded(list.items)}
            loadingText="Loading trail philosophy..."
            emptyTitle="No Trail Philosophy Yet!"
            className={cardRows(3)}
            getKey={(philosophy: Philosophy) => philosophy.id}
            renderItem={(philosophy) => (
              <FeatureCard
                icon={<ContentIcon name={philosophy.icon} set="trail" />}
                title={philosophy.title}
                description={philosophy.description}
              />
            )}
          />
        </PageSection>
      );
    // app/routes/music.tsx
    case "music_philosophies":
      return (
        <PageSection id="music-philosophy" title="Music Philosophy">
          <SectionList
            list={loaded(list.items)}
            loadingText="Loading music philosophy..."
            emptyTitle="No Music Philosophy Yet!"
            className={cardRows(3)}
            getKey={(philosophy: Philosophy) => philosophy.id}
            renderItem={(philosophy) => (
              <FeatureCard
                icon={<ContentIcon name={philosophy.icon} set="music" />}
                title={philosophy.title}
                description={philosophy.description}
              />
            )}
          />
        </PageSection>
      );
    // app/routes/fitness.tsx
    case "fitness_philosophies":
      return (
        <PageSection id="philosophy" title="Fitness Philosophy">
          <SectionList
            list={loaded(list.items)}
            loadingText="Loading..."
            emptyTitle="No Fitness Philosophies Yet!"
            className={cardRows(3)}
            getKey={(philosophy: FitnessPhilosophy) => philosophy.id}
            renderItem={(philosophy) => (
              <FeatureCard
                icon={<ContentIcon name={philosophy.icon} set="fitness" />}
                title={philosophy.title}
                description={philosophy.description}
              />
            )}
          />
        </PageSection>
      );
    case "fitness_routines":
      return (
        <PageSection id="routines" title="Current Fitness Routines">
          <SectionList
            list={loaded(list.items)}
            loadingText="Loading..."
            emptyTitle="No Fitness Routines Yet!"
            className={cardRows(3)}
            getKey={(routine: FitnessRoutine) => routine.id}
            renderItem={(routine) => (
              <FeatureCard
                icon={<ContentIcon name={routine.icon} set="fitness" />}
                title={routine.title}
                subtitle={routine.subtitle}
              >
                <CheckList items={routine.points} />
              </FeatureCard>
            )}
          />
        </PageSection>
      );
    case "nutrition_strategies":
      return (
        <PageSection id="nutrition" title="Nutrition Strategy">
          <SectionList
            list={loaded(list.items)}
            loadingText="Loading..."
            emptyTitle="No Nutrition Strategies Yet!"
            className={cardRows(4)}
            getKey={(strategy: NutritionStrategy) => strategy.id}
            renderItem={(strategy) => (
              <FeatureCard
                icon={<ContentIcon name={strategy.icon} set="fitness" />}
                title={strategy.title}
              >
                <CheckList label="Key Benefits" items={strategy.benefits} />
              </FeatureCard>
            )}
          />
        </PageSection>
      );
    // app/routes/motivational.tsx
    case "motivational_sections":
      return (
        <PageSection id="inspiration" title="Daily Inspiration">
          <SectionList
            list={loaded(list.items)}
            loadingText="Loading inspiration..."
            emptyTitle="No Motivational Sections Yet!"
            className={cardRows(2)}
            getKey={(section: MotivationalSection) => section.id}
            renderItem={(section) => (
              <FeatureCard
                icon={<ContentIcon name={section.icon} set="motivational" />}
                title={section.title}
                description={section.description}
              >
                {section.quote ? (
                  <div className="mt-auto">
                    <PullQuote>{section.quote}</PullQuote>
                  </div>
                ) : null}
              </FeatureCard>
            )}
          />
        </PageSection>
      );
  }
}

// As app/routes/about.tsx draws a journey section.
function JourneyEntry({ section }: { section: JourneySection }) {
  return (
    <article
      className="w-full rounded-2xl border border-l-4 border-white/10 bg-white/5 p-6 sm:p-7"
      style={{ borderLeftColor: section.borderColor }}
    >
      <h3 className={cardTitleClass}>{section.title}</h3>
      {section.paragraphs.map((paragraph, index) => (
        <p key={index} className="mt-3 leading-relaxed text-slate-300">
          {paragraph}
        </p>
      ))}
    </article>
  );
}

// As app/routes/community.tsx draws an event.
function CommunityEventCard({ event }: { event: CommunityEvent }) {
  const titleId = `community-event-${event.id}`;
  return (
    <FeatureCard
      badge={event.type ? <Badge tone="amber">{event.type}</Badge> : undefined}
      title={event.title}
      titleId={titleId}
      description={event.description}
    >
      {event.details.length > 0 ? (
        <ul className="space-y-2">
          {event.details.map((detail, index) => (
            <li key={index} className="flex items-center gap-2 text-slate-300">
              <ContentIcon
                name={detail.icon}
                set="community"
                className="h-4 w-4 shrink-0 text-emerald-300"
              />
              {detail.text}
            </li>
          ))}
        </ul>
      ) : null}
      <div className="mt-auto">
        <Link
          to="/contact"
          // The button goes to /contact and also shows the not-implemented notice.
          onClick={() => toast(notImplementedToast)}
          aria-describedby={titleId}
          className={buttonClass("primary")}
        >
          Learn More &amp; RSVP
          <Icon name="ArrowRight" aria-hidden="true" className="h-4 w-4" />
        </Link>
      </div>
    </FeatureCard>
  );
}
