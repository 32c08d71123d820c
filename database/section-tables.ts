// The section tables by name: the content import and the studio write
// them through this one map (each is built from database/sections.ts).
import * as schema from "./schema";
import type { SectionTable } from "./sections";

export { camelCase } from "./sections";

export const sectionTables = {
  core_values: schema.coreValues,
  personal_journey_sections: schema.personalJourneySections,
  trail_philosophies: schema.trailPhilosophies,
  music_philosophies: schema.musicPhilosophies,
  fitness_philosophies: schema.fitnessPhilosophies,
  fitness_routines: schema.fitnessRoutines,
  nutrition_strategies: schema.nutritionStrategies,
  leadership_philosophies: schema.leadershipPhilosophies,
  mentoring_approaches: schema.mentoringApproaches,
  leadership_lessons: schema.leadershipLessons,
  community_values: schema.communityValues,
  community_events: schema.communityEvents,
  motivational_sections: schema.motivationalSections,
} satisfies Record<SectionTable, unknown>;
