// The Fitness page's section-table blocks, drawn by app/routes/fitness.tsx
// and by the studio's preview of an unsaved row
// (app/studio/section-preview.tsx).
import { CheckList } from "~/components/page/check-list";
import { FeatureCard } from "~/components/page/feature-card";
import { PageSection } from "~/components/page/page-section";
import { cardRows } from "~/components/page/styles";
import { SectionList } from "~/components/section-list";
import type { SectionListSource } from "~/components/section-list";
import type {
  FitnessPhilosophy,
  FitnessRoutine,
  NutritionStrategy,
} from "~/data/fitness.server";
import { ContentIcon } from "~/lib/icons";

/** fitness_philosophies */
export function FitnessPhilosophiesSection({
  list,
}: {
  list: SectionListSource<FitnessPhilosophy>;
}) {
  return (
    <PageSection id="philosophy" title="Fitness Philosophy">
      <SectionList
        list={list}
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
}

/** fitness_routines */
export function FitnessRoutinesSection({
  list,
}: {
  list: SectionListSource<FitnessRoutine>;
}) {
  return (
    <PageSection id="routines" title="Current Fitness Routines">
      <SectionList
        list={list}
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
}

/** nutrition_strategies */
export function NutritionStrategiesSection({
  list,
}: {
  list: SectionListSource<NutritionStrategy>;
}) {
  return (
    <PageSection id="nutrition" title="Nutrition Strategy">
      <SectionList
        list={list}
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
}
