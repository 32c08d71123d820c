// Each section table's block for the studio's preview of unsaved changes:
// the very components the public pages draw (app/components/sections/),
// given the table's rows with the unsaved one in place. The preview journey
// (tests/e2e/studio-sections.spec.ts) still compares every block with its
// public page's.
import {
  CoreValuesSection,
  PersonalJourneySection,
} from "~/components/sections/about";
import {
  CommunityEventsSection,
  CommunityValuesSection,
} from "~/components/sections/community";
import {
  FitnessPhilosophiesSection,
  FitnessRoutinesSection,
  NutritionStrategiesSection,
} from "~/components/sections/fitness";
import { TrailPhilosophiesSection } from "~/components/sections/hiking";
import {
  LeadershipLessonsSection,
  LeadershipPhilosophiesSection,
  MentoringApproachesSection,
} from "~/components/sections/leadership";
import { DailyInspirationSection } from "~/components/sections/motivational";
import { MusicPhilosophiesSection } from "~/components/sections/music";
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
    case "core_values":
      return <CoreValuesSection list={loaded(list.items)} />;
    case "personal_journey_sections":
      return <PersonalJourneySection list={loaded(list.items)} />;
    case "leadership_philosophies":
      return <LeadershipPhilosophiesSection list={loaded(list.items)} />;
    case "mentoring_approaches":
      return <MentoringApproachesSection list={loaded(list.items)} />;
    case "leadership_lessons":
      return <LeadershipLessonsSection list={loaded(list.items)} />;
    case "community_values":
      return <CommunityValuesSection list={loaded(list.items)} />;
    case "community_events":
      return <CommunityEventsSection list={loaded(list.items)} />;
    case "trail_philosophies":
      return <TrailPhilosophiesSection list={loaded(list.items)} />;
    case "music_philosophies":
      return <MusicPhilosophiesSection list={loaded(list.items)} />;
    case "fitness_philosophies":
      return <FitnessPhilosophiesSection list={loaded(list.items)} />;
    case "fitness_routines":
      return <FitnessRoutinesSection list={loaded(list.items)} />;
    case "nutrition_strategies":
      return <NutritionStrategiesSection list={loaded(list.items)} />;
    case "motivational_sections":
      return <DailyInspirationSection list={loaded(list.items)} />;
  }
}
