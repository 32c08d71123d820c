// The Motivational Hub's section-table block, drawn by
// app/routes/motivational.tsx and by the studio's preview of an unsaved row
// (app/studio/section-preview.tsx).
import { FeatureCard } from "~/components/page/feature-card";
import { PageSection } from "~/components/page/page-section";
import { PullQuote } from "~/components/page/pull-quote";
import { cardRows } from "~/components/page/styles";
import { SectionList } from "~/components/section-list";
import type { SectionListSource } from "~/components/section-list";
import type { MotivationalSection } from "~/data/motivational.server";
import { ContentIcon } from "~/lib/icons";

/** motivational_sections */
export function DailyInspirationSection({
  list,
}: {
  list: SectionListSource<MotivationalSection>;
}) {
  return (
    <PageSection id="inspiration" title="Daily Inspiration">
      <SectionList
        list={list}
        loadingText="Loading inspiration..."
        emptyTitle="No Motivational Sections Yet!"
        className={cardRows(2)}
        getKey={(section: MotivationalSection) => section.id}
        renderItem={(section) => (
          <FeatureCard
            icon={<ContentIcon name={section.icon} set="motivational" />}
            title={section.title}
            description={section.description}
          >
            {section.quote ? (
              <div className="mt-auto">
                <PullQuote>{section.quote}</PullQuote>
              </div>
            ) : null}
          </FeatureCard>
        )}
      />
    </PageSection>
  );
}
