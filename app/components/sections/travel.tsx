// The Travel page's fixed sections: its philosophy, the adventures planned
// next and the invitation to share a story.
import { Badge } from "~/components/page/badge";
import { CallToAction } from "~/components/page/call-to-action";
import { CheckList } from "~/components/page/check-list";
import { FeatureCard } from "~/components/page/feature-card";
import { PageSection } from "~/components/page/page-section";
import { cardRows } from "~/components/page/styles";
import { Icon } from "~/lib/icons";
import type { IconName } from "~/lib/icons";

const philosophies: ReadonlyArray<{
  title: string;
  description: string;
  icon: IconName;
}> = [
  {
    title: "Cultural Curiosity",
    description:
      "I travel to understand, not to collect. Every market, shrine and kitchen has a story older than my visit.",
    icon: "Globe2",
  },
  {
    title: "Stepping Outside Comfort",
    description:
      "The best trips include a moment of not knowing what comes next. That is where growth starts.",
    icon: "Mountain",
  },
  {
    title: "Human Connection",
    description:
      "Places are memorable; people make them meaningful. I go looking for conversations, not just views.",
    icon: "HeartHandshake",
  },
];

const upcomingAdventures: ReadonlyArray<{
  place: string;
  summary: string;
  activities: [string, string, string];
}> = [
  {
    place: "New Zealand",
    summary: "Three weeks on the South Island, from fjords to alpine huts.",
    activities: [
      "Walking the Milford Track",
      "Kayaking Doubtful Sound",
      "Stargazing at Lake Tekapo",
    ],
  },
  {
    place: "Morocco",
    summary: "From the medinas of Fes to a night under Saharan skies.",
    activities: [
      "Exploring the Fes medina",
      "Crossing the Atlas Mountains",
      "A night camp in the Sahara",
    ],
  },
  {
    place: "Norway",
    summary: "Chasing the northern lights along the Arctic coast.",
    activities: [
      "Northern lights in Tromsø",
      "Hiking to Trolltunga",
      "Cruising the Lofoten Islands",
    ],
  },
];

/** "Travel Philosophy": three cards. */
export function TravelPhilosophy() {
  return (
    <PageSection id="travel-philosophy" title="Travel Philosophy">
      <ul className={cardRows(3)}>
        {philosophies.map(({ title, description, icon }) => (
          <li key={title} className="flex">
            <FeatureCard
              icon={<Icon name={icon} aria-hidden="true" />}
              title={title}
              description={description}
            />
          </li>
        ))}
      </ul>
    </PageSection>
  );
}

/** "Upcoming Adventures" and the invitation after them. */
export function TravelPlans() {
  return (
    <>
      <PageSection id="upcoming" title="Upcoming Adventures">
        <ul className={cardRows(3)}>
          {upcomingAdventures.map((adventure) => (
            <li key={adventure.place} className="flex">
              <FeatureCard
                badge={
                  <Badge tone="amber" icon="CalendarClock">
                    Planned
                  </Badge>
                }
                title={adventure.place}
                description={adventure.summary}
              >
                <CheckList items={adventure.activities} />
              </FeatureCard>
            </li>
          ))}
        </ul>
      </PageSection>
      <CallToAction
        id="share-story"
        title="Have a Story to Tell?"
        label="Share Your Story"
        to="/community"
      >
        Been somewhere that changed you? Bring the story to the next community
        gathering.
      </CallToAction>
    </>
  );
}
