import { ArrowRight, CalendarDays, HeartHandshake } from "lucide-react";
import { Link } from "react-router";

import type { Route } from "./+types/community";
import { parseDay, siteToday } from "~/components/calendar/dates";
import { EventFacts } from "~/components/calendar/event-facts";
import { MonthCalendar } from "~/components/calendar/month-calendar";
import { CallToAction } from "~/components/sections/call-to-action";
import { ContentSection } from "~/components/sections/content-section";
import { IconCard } from "~/components/sections/icon-card";
import { PageHero } from "~/components/sections/page-hero";
import { SectionList } from "~/components/section-list";
import { featuredEvent, leadershipBreakfast } from "~/config/events";
import { site } from "~/config/site";
import { servicesContext } from "~/context";
import {
  readCommunityEvents,
  readCommunityValues,
} from "~/data/community.server";
import type { CommunityEvent, CommunityValue } from "~/data/community.server";
import { reportReadFailure } from "~/data/read-failure.server";
import { readList } from "~/lib/content";
import { deferKeys } from "~/lib/deferred";
import { ContentIcon } from "~/lib/icons";
import { pageMeta } from "~/lib/seo";
import { notImplementedToast, toast } from "~/lib/toast";

export async function loader({ context }: Route.LoaderArgs) {
  const { db, logger } = context.get(servicesContext);
  // Spec §8 shows "the error message": visitors get a plain one, the log gets the cause.
  const [values, events] = await Promise.all([
    readList(
      () => readCommunityValues(db),
      reportReadFailure(logger, "community_values", {
        title: "Error fetching community values",
        description:
          "The community values could not be loaded. Please try again later.",
        variant: "destructive",
      }),
    ),
    readList(
      () => readCommunityEvents(db),
      reportReadFailure(logger, "community_events", {
        title: "Error fetching community events",
        description:
          "The community events could not be loaded. Please try again later.",
        variant: "destructive",
      }),
    ),
  ]);
  // Dates that depend on "today" come from the server, so the HTML and the hydrated page agree.
  return { today: siteToday(), values, events };
}

export function clientLoader({ serverLoader }: Route.ClientLoaderArgs) {
  return {
    today: siteToday(),
    ...deferKeys(serverLoader(), ["values", "events"]),
  };
}

const impactBadges = [
  "Fostering Mentorship",
  "Sparking Inspiration",
  "Mentoring Peers",
  "Championing People",
];

export default function CommunityPage({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <PageHero title="Community">
        <p>
          Leadership grows best in good company. Here is where mentors, emerging
          leaders and neighbours meet to learn from each other.
        </p>
      </PageHero>
      <FeaturedEventBanner today={loaderData.today} />
      <ContentSection
        id="values"
        title="Community Values"
        intro="What we promise each other whenever we gather."
      >
        <SectionList
          list={loaderData.values}
          loadingText="Loading values..."
          emptyTitle="No Community Values Yet!"
          className="mt-10 grid gap-6 sm:grid-cols-2 lg:grid-cols-4"
          getKey={(value: CommunityValue) => value.id}
          renderItem={(value) => (
            <IconCard
              icon={value.icon}
              set="community"
              title={value.title}
              description={value.description}
            />
          )}
        />
      </ContentSection>
      <ContentSection
        id="events"
        title="Community Events"
        intro="Regular gatherings, open to anyone who wants to grow and help others grow."
      >
        <SectionList
          list={loaderData.events}
          loadingText="Loading events..."
          emptyTitle="No Community Events Yet!"
          className="mt-10 grid gap-6 md:grid-cols-2"
          getKey={(event: CommunityEvent) => event.id}
          renderItem={(event) => <CommunityEventCard event={event} />}
        />
      </ContentSection>
      <ContentSection
        id="calendar"
        title="Community Calendar"
        intro="Choose a marked day to see what's on."
        width="max-w-4xl"
      >
        <div className="mx-auto mt-10 max-w-md">
          <MonthCalendar
            events={[leadershipBreakfast]}
            today={loaderData.today}
            initialDay={leadershipBreakfast.date}
          />
        </div>
      </ContentSection>
      <ContentSection id="impact" title="Community Impact">
        <ul className="mt-8 flex flex-wrap justify-center gap-3">
          {impactBadges.map((badge) => (
            <li
              key={badge}
              className="inline-flex items-center gap-2 rounded-full border border-emerald-400/30 bg-emerald-500/10 px-5 py-2 font-medium text-emerald-100"
            >
              <HeartHandshake
                aria-hidden="true"
                className="h-4 w-4 text-emerald-300"
              />
              {badge}
            </li>
          ))}
        </ul>
      </ContentSection>
      <CallToAction
        id="involved"
        title="Be Part of It"
        text="Mentor someone, find a mentor, or simply come along to the next gathering. There is a seat for you."
        to="/contact"
        label="Get Involved"
      />
    </>
  );
}

function FeaturedEventBanner({ today }: { today: string }) {
  const event = featuredEvent(parseDay(today));
  return (
    <section
      aria-labelledby="featured-heading"
      className="mx-auto max-w-7xl px-4 pt-14 sm:px-6"
    >
      <div className="grid gap-6 rounded-2xl border border-amber-300/25 bg-gradient-to-r from-amber-300/10 to-emerald-500/10 p-6 sm:p-10 md:grid-cols-[1fr_auto] md:items-center">
        <div>
          <p className="text-sm font-semibold tracking-wide text-amber-200 uppercase">
            Featured Event
          </p>
          <h2
            id="featured-heading"
            className="mt-2 font-serif text-3xl font-bold text-white"
          >
            {event.title}
          </h2>
          <p className="mt-3 max-w-2xl text-slate-300">{event.description}</p>
          <EventFacts event={event} />
        </div>
        <Link
          to="/events-calendar"
          className="inline-flex items-center gap-2 self-start rounded-full border border-amber-300/50 px-5 py-2.5 font-semibold text-amber-100 hover:bg-amber-300/10 md:self-center"
        >
          <CalendarDays aria-hidden="true" className="h-4 w-4" />
          See the Events Calendar
        </Link>
      </div>
    </section>
  );
}

function CommunityEventCard({ event }: { event: CommunityEvent }) {
  const titleId = `community-event-${event.id}`;
  return (
    <article className="flex w-full flex-col rounded-2xl border border-white/10 bg-white/5 p-6">
      {event.type ? (
        <p className="self-start rounded-full bg-amber-300/15 px-3 py-1 text-xs font-semibold tracking-wide text-amber-200 uppercase">
          {event.type}
        </p>
      ) : null}
      <h3 id={titleId} className="mt-3 text-xl font-semibold text-white">
        {event.title}
      </h3>
      <p className="mt-2 text-slate-300">{event.description}</p>
      {event.details.length > 0 ? (
        <ul className="mt-4 space-y-2">
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
      <div className="mt-auto pt-6">
        <Link
          to="/contact"
          // Spec §2: the button goes to /contact and also shows the not-implemented notice.
          onClick={() => toast(notImplementedToast)}
          aria-describedby={titleId}
          className="inline-flex items-center gap-2 rounded-full bg-emerald-500 px-5 py-2.5 font-semibold text-slate-950 hover:bg-emerald-400"
        >
          Learn More &amp; RSVP
          <ArrowRight aria-hidden="true" className="h-4 w-4" />
        </Link>
      </div>
    </article>
  );
}

export function meta(args: Route.MetaArgs) {
  return pageMeta(args, {
    page: "Community",
    description: `Join ${site.ownerName}'s community of mentors and emerging leaders: values, regular events, a leadership breakfast and ways to get involved.`,
  });
}
