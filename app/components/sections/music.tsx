// The Live Music page's section-table block, drawn by app/routes/music.tsx
// and by the studio's preview of an unsaved row
// (app/studio/section-preview.tsx).
import { FeatureCard } from "~/components/page/feature-card";
import { PageSection } from "~/components/page/page-section";
import { cardRows } from "~/components/page/styles";
import { SectionList } from "~/components/section-list";
import type { SectionListSource } from "~/components/section-list";
import type { Philosophy } from "~/data/philosophies.server";
import { ContentIcon } from "~/lib/icons";

/** music_philosophies */
export function MusicPhilosophiesSection({
  list,
}: {
  list: SectionListSource<Philosophy>;
}) {
  return (
    <PageSection id="music-philosophy" title="Music Philosophy">
      <SectionList
        list={list}
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
}
