// The Motivational Hub's section-table block, drawn by
// app/routes/motivational.tsx and by the studio's preview of an unsaved row
// (app/studio/section-preview.tsx).
import { CardSection } from "~/components/page/card-section";
import { CardQuote } from "~/components/page/pull-quote";
import type { SectionListSource } from "~/components/section-list";
import type { MotivationalSection } from "~/data/motivational.server";

/** motivational_sections */
export function DailyInspirationSection({
  list,
}: {
  list: SectionListSource<MotivationalSection>;
}) {
  return (
    <CardSection
      id="inspiration"
      title="Daily Inspiration"
      list={list}
      loadingText="Loading inspiration..."
      emptyTitle="No Motivational Sections Yet!"
      columns={2}
      iconSet="motivational"
      extra={(section) => <CardQuote quote={section.quote} />}
    />
  );
}
