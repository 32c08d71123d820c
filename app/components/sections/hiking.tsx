// The Hiking page's section-table block, drawn by app/routes/hiking.tsx and
// by the studio's preview of an unsaved row (app/studio/section-preview.tsx).
import { CardSection } from "~/components/page/card-section";
import type { SectionListSource } from "~/components/section-list";
import type { Philosophy } from "~/data/philosophies.server";

/** trail_philosophies */
export function TrailPhilosophiesSection({
  list,
}: {
  list: SectionListSource<Philosophy>;
}) {
  return (
    <CardSection
      id="trail-philosophy"
      title="Trail Philosophy"
      list={list}
      loadingText="Loading trail philosophy..."
      emptyTitle="No Trail Philosophy Yet!"
      columns={3}
      iconSet="trail"
    />
  );
}
