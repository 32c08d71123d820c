// The Live Music page's section-table block, drawn by app/routes/music.tsx
// and by the studio's preview of an unsaved row
// (app/studio/section-preview.tsx).
import { CardSection } from "~/components/page/card-section";
import type { SectionListSource } from "~/components/section-list";
import type { Philosophy } from "~/data/philosophies.server";

/** music_philosophies */
export function MusicPhilosophiesSection({
  list,
}: {
  list: SectionListSource<Philosophy>;
}) {
  return (
    <CardSection
      id="music-philosophy"
      title="Music Philosophy"
      list={list}
      loadingText="Loading music philosophy..."
      emptyTitle="No Music Philosophy Yet!"
      columns={3}
      iconSet="music"
    />
  );
}
