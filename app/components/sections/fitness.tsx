// The Fitness page's section-table blocks, drawn by app/routes/fitness.tsx
// and by the studio's preview of an unsaved row
// (app/studio/section-preview.tsx).
import { CardSection } from "~/components/page/card-section";
import { CheckList } from "~/components/page/check-list";
import type { SectionListSource } from "~/components/section-list";
import type {
  FitnessPhilosophy,
  FitnessRoutine,
  NutritionStrategy,
} from "~/data/fitness.server";

/** fitness_philosophies */
export function FitnessPhilosophiesSection({
  list,
}: {
  list: SectionListSource<FitnessPhilosophy>;
}) {
  return (
    <CardSection
      id="philosophy"
      title="Fitness Philosophy"
      list={list}
      loadingText="Loading..."
      emptyTitle="No Fitness Philosophies Yet!"
      columns={3}
      iconSet="fitness"
    />
  );
}

/** fitness_routines */
export function FitnessRoutinesSection({
  list,
}: {
  list: SectionListSource<FitnessRoutine>;
}) {
  return (
    <CardSection
      id="routines"
      title="Current Fitness Routines"
      list={list}
      loadingText="Loading..."
      emptyTitle="No Fitness Routines Yet!"
      columns={3}
      iconSet="fitness"
      extra={(routine) => <CheckList items={routine.points} />}
    />
  );
}

/** nutrition_strategies */
export function NutritionStrategiesSection({
  list,
}: {
  list: SectionListSource<NutritionStrategy>;
}) {
  return (
    <CardSection
      id="nutrition"
      title="Nutrition Strategy"
      list={list}
      loadingText="Loading..."
      emptyTitle="No Nutrition Strategies Yet!"
      columns={4}
      iconSet="fitness"
      extra={(strategy) => (
        <CheckList label="Key Benefits" items={strategy.benefits} />
      )}
    />
  );
}
