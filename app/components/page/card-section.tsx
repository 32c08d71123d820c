import type { ReactNode } from "react";

import { SectionList } from "~/components/section-list";
import type { SectionListSource } from "~/components/section-list";
import { ContentIcon } from "~/lib/icons";
import type { IconSet } from "~/lib/icon-names";

import { FeatureCard } from "./feature-card";
import { PageSection } from "./page-section";
import { cardRows } from "./styles";

/** What a section table's row gives its card. */
export interface CardItem {
  id: string;
  title: string;
  /** Named in the section's icon set. */
  icon?: string | null;
  subtitle?: string;
  description?: string;
}

/**
 * The shape most section tables take on their page: a titled PageSection
 * holding the rows as FeatureCards (icon, title, subtitle, description, then
 * what `extra` adds), with the list's own loading, empty and failure states.
 */
export function CardSection<T extends CardItem>({
  id,
  title,
  intro,
  list,
  loadingText,
  emptyTitle,
  emptyDescription,
  columns,
  iconSet,
  extra,
}: {
  /** Prefix of the heading's id, unique on the page. */
  id: string;
  title: string;
  intro?: string;
  list: SectionListSource<T>;
  loadingText: string;
  emptyTitle: string;
  emptyDescription?: string;
  /** Cards a row on wide screens, or one narrow column of stacked cards. */
  columns: 2 | 3 | 4 | "stacked";
  /** The set the rows' icons are named in; without one, no icons. */
  iconSet?: IconSet;
  /** What a card shows below its description (a quote, a checklist). */
  extra?: (item: T) => ReactNode;
}) {
  const stacked = columns === "stacked";
  return (
    <PageSection
      id={id}
      title={title}
      intro={intro}
      width={stacked ? "narrow" : "wide"}
    >
      <SectionList
        list={list}
        loadingText={loadingText}
        emptyTitle={emptyTitle}
        emptyDescription={emptyDescription}
        className={stacked ? "flex flex-col gap-6" : cardRows(columns)}
        getKey={(item: T) => item.id}
        renderItem={(item) => (
          <FeatureCard
            icon={
              iconSet ? (
                <ContentIcon name={item.icon} set={iconSet} />
              ) : undefined
            }
            title={item.title}
            subtitle={item.subtitle}
            description={item.description}
          >
            {extra?.(item)}
          </FeatureCard>
        )}
      />
    </PageSection>
  );
}
