// The Hiking page's section-table block, drawn by app/routes/hiking.tsx and
// by the studio's preview of an unsaved row (app/studio/section-preview.tsx).
import { FeatureCard } from "~/components/page/feature-card";
import { PageSection } from "~/components/page/page-section";
import { cardRows } from "~/components/page/styles";
import { SectionList } from "~/components/section-list";
import type { SectionListSource } from "~/components/section-list";
import type { Philosophy } from "~/data/philosophies.server";
import { ContentIcon } from "~/lib/icons";

/** trail_philosophies */
export function TrailPhilosophiesSection({
  list,
}: {
  list: SectionListSource<Philosophy>;
}) {
  return (
    <PageSection id="trail-philosophy" title="Trail Philosophy">
      <SectionList
        list={list}
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
}
