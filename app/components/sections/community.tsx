// The Community page's section-table blocks, drawn by
// app/routes/community.tsx and by the studio's preview of an unsaved row
// (app/studio/section-preview.tsx).
import { Link } from "react-router";

import { Badge } from "~/components/page/badge";
import { CardSection } from "~/components/page/card-section";
import { FeatureCard } from "~/components/page/feature-card";
import { PageSection } from "~/components/page/page-section";
import { buttonClass, cardRows } from "~/components/page/styles";
import { SectionList } from "~/components/section-list";
import type { SectionListSource } from "~/components/section-list";
import type { CommunityEvent, CommunityValue } from "~/data/community.server";
import { ContentIcon, Icon } from "~/lib/icons";

/** community_values */
export function CommunityValuesSection({
  list,
}: {
  list: SectionListSource<CommunityValue>;
}) {
  return (
    <CardSection
      id="values"
      title="Community Values"
      intro="What we promise each other whenever we gather."
      list={list}
      loadingText="Loading values..."
      emptyTitle="No Community Values Yet!"
      columns={4}
      iconSet="community"
    />
  );
}

/** community_events */
export function CommunityEventsSection({
  list,
}: {
  list: SectionListSource<CommunityEvent>;
}) {
  return (
    <PageSection
      id="events"
      title="Community Events"
      intro="Regular gatherings, open to anyone who wants to grow and help others grow."
    >
      <SectionList
        list={list}
        loadingText="Loading events..."
        emptyTitle="No Community Events Yet!"
        className={cardRows(2)}
        getKey={(event: CommunityEvent) => event.id}
        renderItem={(event) => <CommunityEventCard event={event} />}
      />
    </PageSection>
  );
}

function CommunityEventCard({ event }: { event: CommunityEvent }) {
  const titleId = `community-event-${event.id}`;
  return (
    <FeatureCard
      badge={event.type ? <Badge tone="amber">{event.type}</Badge> : undefined}
      title={event.title}
      titleId={titleId}
      description={event.description}
    >
      {event.details.length > 0 ? (
        <ul className="space-y-2">
          {event.details.map((detail, index) => (
            <li key={index} className="flex items-center gap-2 text-slate-300">
              <ContentIcon
                name={detail.icon}
                set="community"
                className="h-4 w-4 shrink-0 text-emerald-300"
              />
              {detail.text}
            </li>
          ))}
        </ul>
      ) : null}
      <div className="mt-auto">
        <Link
          // /contact answers this address with the not-implemented notice.
          to="/contact?notice=not-implemented"
          aria-describedby={titleId}
          className={buttonClass("primary")}
        >
          Learn More &amp; RSVP
          <Icon name="ArrowRight" aria-hidden="true" className="h-4 w-4" />
        </Link>
      </div>
    </FeatureCard>
  );
}
