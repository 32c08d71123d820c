// The About page's section-table blocks, drawn by app/routes/about.tsx and by
// the studio's preview of an unsaved row (app/studio/section-preview.tsx).
import { CardSection } from "~/components/page/card-section";
import { PageSection } from "~/components/page/page-section";
import { cardTitleClass } from "~/components/page/styles";
import { SectionList } from "~/components/section-list";
import type { SectionListSource } from "~/components/section-list";
import type { CoreValue, JourneySection } from "~/data/about.server";

/** core_values */
export function CoreValuesSection({
  list,
}: {
  list: SectionListSource<CoreValue>;
}) {
  return (
    <CardSection
      id="values"
      title="Core Values & Philosophy"
      intro="The principles behind every decision I make, at work and beyond it."
      list={list}
      loadingText="Loading values..."
      emptyTitle="No Core Values Yet!"
      columns={3}
      iconSet="coreValues"
    />
  );
}

/** personal_journey_sections */
export function PersonalJourneySection({
  list,
}: {
  list: SectionListSource<JourneySection>;
}) {
  return (
    <PageSection
      id="journey"
      title="My Personal Journey"
      intro="From a hardware store in a small town to leading across three continents, and what each chapter taught me."
      width="narrow"
    >
      <SectionList
        list={list}
        loadingText="Loading journey..."
        emptyTitle="No Journey Sections Yet!"
        className="flex flex-col gap-6"
        getKey={(section: JourneySection) => section.id}
        renderItem={(section) => <JourneyEntry section={section} />}
      />
    </PageSection>
  );
}

function JourneyEntry({ section }: { section: JourneySection }) {
  return (
    <article
      className="w-full rounded-2xl border border-l-4 border-white/10 bg-white/5 p-6 sm:p-7"
      style={{ borderLeftColor: section.borderColor }}
    >
      <h3 className={cardTitleClass}>{section.title}</h3>
      {section.paragraphs.map((paragraph, index) => (
        <p key={index} className="mt-3 leading-relaxed text-slate-300">
          {paragraph}
        </p>
      ))}
    </article>
  );
}
