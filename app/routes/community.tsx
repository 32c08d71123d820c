import { Link } from "react-router";

import { parseDay, siteToday } from "~/components/calendar/dates";
import { EventFacts } from "~/components/calendar/event-facts";
import { Badge } from "~/components/page/badge";
import { CallToAction } from "~/components/page/call-to-action";
import { PageHero } from "~/components/page/page-hero";
import { PageSection } from "~/components/page/page-section";
import { MonthCalendar } from "~/components/calendar/month-calendar";
import { buttonClass, eyebrowClass } from "~/components/page/styles";
import {
  CommunityEventsSection,
  CommunityValuesSection,
} from "~/components/sections/community";
import { leadershipBreakfast } from "~/config/events";
import { servicesContext } from "~/context";
import {
  readCommunityEvents,
  readCommunityValues,
} from "~/data/community.server";
import { reportReadFailure } from "~/data/read-failure.server";
import { readList } from "~/lib/content";
import { featuredEvent } from "~/lib/events";
import { Icon } from "~/lib/icons";
import { useSiteSettings } from "~/lib/root-data";
import { pageMeta } from "~/lib/seo";
import { addStructuredData, eventJsonLd } from "~/lib/structured-data.server";

import type { Route } from "./+types/community";

export function loader({ context }: Route.LoaderArgs) {
  const services = context.get(servicesContext);
  const { db, env } = services;
  // Dates that depend on "today" come from the server, so the HTML and the hydrated page agree.
  const today = siteToday(new Date(), services.settings.timeZone);
  addStructuredData(
    services,
    ...[featuredEvent(parseDay(today)), leadershipBreakfast].map((event) =>
      eventJsonLd(event, env.SITE_URL, services.settings, "/community"),
    ),
  );
  // Visitors get a plain error message; the log gets the cause. Not
  // awaited: each section shows its loading text while its list is slow to
  // come (docs/decisions/062).
  return {
    today,
    values: readList(
      () => readCommunityValues(db),
      reportReadFailure(services, "community_values", {
        title: "Error fetching community values",
        description:
          "The community values could not be loaded. Please try again later.",
        variant: "destructive",
      }),
    ),
    events: readList(
      () => readCommunityEvents(db),
      reportReadFailure(services, "community_events", {
        title: "Error fetching community events",
        description:
          "The community events could not be loaded. Please try again later.",
        variant: "destructive",
      }),
    ),
  };
}

/**
 * Today where the events happen: the server's on the document it rendered
 * (so the hydrated page matches it), otherwise the browser's clock in the
 * time zone the owner saved, which the root's data carries.
 */
function useToday(fromServer: string | undefined): string {
  const { timeZone } = useSiteSettings();
  return fromServer ?? siteToday(new Date(), timeZone);
}

const impactBadges = [
  "Fostering Mentorship",
  "Sparking Inspiration",
  "Mentoring Peers",
  "Championing People",
];

export default function CommunityPage({ loaderData }: Route.ComponentProps) {
  const today = useToday(loaderData.today);
  return (
    <>
      <PageHero icon="UsersRound" title="Community">
        Leadership grows best in good company. Here is where mentors, emerging
        leaders and neighbours meet to learn from each other.
      </PageHero>
      <FeaturedEventBanner today={today} />
      <CommunityValuesSection list={loaderData.values} />
      <CommunityEventsSection list={loaderData.events} />
      <PageSection
        id="calendar"
        title="Community Calendar"
        intro="Choose a marked day to see what's on."
        width="narrow"
      >
        <div className="mx-auto max-w-md">
          <MonthCalendar
            events={[leadershipBreakfast]}
            today={today}
            initialDay={leadershipBreakfast.date}
          />
        </div>
      </PageSection>
      <PageSection id="impact" title="Community Impact">
        <ul className="flex flex-wrap justify-center gap-3">
          {impactBadges.map((badge) => (
            <li key={badge}>
              <Badge size="md" icon="HeartHandshake">
                {badge}
              </Badge>
            </li>
          ))}
        </ul>
      </PageSection>
      <CallToAction
        id="involved"
        title="Be Part of It"
        to="/contact"
        label="Get Involved"
      >
        Mentor someone, find a mentor, or simply come along to the next
        gathering. There is a seat for you.
      </CallToAction>
    </>
  );
}

function FeaturedEventBanner({ today }: { today: string }) {
  const event = featuredEvent(parseDay(today));
  return (
    <section
      aria-labelledby="featured-heading"
      className="mx-auto max-w-7xl px-4 pt-12 sm:px-6 sm:pt-16"
    >
      <div className="grid gap-6 rounded-2xl border border-amber-300/25 bg-gradient-to-br from-amber-300/10 via-white/5 to-emerald-500/10 p-6 shadow-2xl shadow-black/30 sm:p-10 md:grid-cols-[1fr_auto] md:items-center">
        <div>
          <p className={eyebrowClass}>Featured Event</p>
          <h2
            id="featured-heading"
            className="mt-3 font-serif text-3xl font-bold tracking-tight text-white sm:text-4xl"
          >
            {event.title}
          </h2>
          <p className="mt-3 max-w-2xl text-lg leading-relaxed text-slate-300">
            {event.description}
          </p>
          <EventFacts event={event} />
        </div>
        <Link
          to="/events-calendar"
          className={`self-start md:self-center ${buttonClass("secondary")}`}
        >
          <Icon name="CalendarDays" aria-hidden="true" className="h-4 w-4" />
          See the Events Calendar
        </Link>
      </div>
    </section>
  );
}

export function meta(args: Route.MetaArgs) {
  return pageMeta(args, {
    page: "Community",
    description: (settings) =>
      `Join ${settings.ownerName}'s community of mentors and emerging leaders: values, regular events, a leadership breakfast and ways to get involved.`,
  });
}
