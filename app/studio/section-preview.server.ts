// A section table's rows as its public page would read them with one unsaved
// row put in place. The rows go through the public page's own lenient
// readers (the same schemas the public loaders use), so the preview gets
// exactly the items the public section would render.
import type { z } from "zod";

import { camelCase } from "~database/section-tables";
import type { Database } from "~database/client";
import { coreValueSchema, journeySectionSchema } from "~/data/about.server";
import {
  communityEventSchema,
  communityValueSchema,
} from "~/data/community.server";
import {
  fitnessPhilosophySchema,
  fitnessRoutineSchema,
  nutritionStrategySchema,
} from "~/data/fitness.server";
import {
  leadershipLessonSchema,
  leadershipPhilosophySchema,
  mentoringApproachSchema,
} from "~/data/leadership.server";
import { motivationalSectionSchema } from "~/data/motivational.server";
import {
  musicPhilosophySchema,
  philosophySchema,
} from "~/data/philosophies.server";
import { keyedByPlace } from "~/data/display-order.server";
import { listSectionRows } from "~/data/studio-sections.server";
import { parseRows } from "~/lib/content";

import type { PreviewItems, PreviewList } from "./section-preview";
import type { SectionTable, SectionValues } from "./sections";

const publicSchemas: {
  [Table in SectionTable]: z.ZodType<PreviewItems[Table][number]>;
} = {
  core_values: coreValueSchema,
  personal_journey_sections: journeySectionSchema,
  leadership_philosophies: leadershipPhilosophySchema,
  mentoring_approaches: mentoringApproachSchema,
  leadership_lessons: leadershipLessonSchema,
  community_values: communityValueSchema,
  community_events: communityEventSchema,
  trail_philosophies: philosophySchema,
  music_philosophies: musicPhilosophySchema,
  fitness_philosophies: fitnessPhilosophySchema,
  fitness_routines: fitnessRoutineSchema,
  nutrition_strategies: nutritionStrategySchema,
  motivational_sections: motivationalSectionSchema,
};

/** The id the unsaved new row is drawn with (it has none until it is saved). */
export const NEW_ROW_ID = "preview-new-row";

/** A row as the database returns it: camelCase columns, as the public schemas expect. */
function rawRow(id: string, values: SectionValues): Record<string, unknown> {
  return Object.fromEntries([
    ["id", id],
    ...Object.entries(values).map(([key, value]) => [camelCase(key), value]),
  ]);
}

function listOf<Table extends SectionTable>(
  table: Table,
  raws: ReadonlyArray<unknown>,
): PreviewList {
  // TypeScript cannot pair a generic table with its member of the union.
  // Keyed by place, as the public page's rows are (the same ids in the HTML).
  return {
    table,
    items: keyedByPlace(parseRows(publicSchemas[table], raws)),
  } as PreviewList;
}

/**
 * The table's current rows with the unsaved values in place: an edit
 * replaces its row where it stands, a new row comes last (where saving puts
 * it). Null when the edited row no longer exists.
 */
export async function previewSectionList(
  db: Database,
  table: SectionTable,
  row: { id: string | null; values: SectionValues },
): Promise<PreviewList | null> {
  const rows = await listSectionRows(db, table);
  const raws = rows.map((current) => rawRow(current.id, current.values));
  if (row.id === null) {
    raws.push(rawRow(NEW_ROW_ID, row.values));
  } else {
    const index = rows.findIndex((current) => current.id === row.id);
    if (index < 0) return null;
    raws[index] = rawRow(row.id, row.values);
  }
  return listOf(table, raws);
}
