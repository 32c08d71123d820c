import { CalendarSubscribeLinks } from "~/components/calendar-subscribe";
import { parseDay, siteToday } from "~/components/calendar/dates";
import { EventFacts } from "~/components/calendar/event-facts";
import { MonthCalendar } from "~/components/calendar/month-calendar";
import { FeatureCard } from "~/components/page/feature-card";
import { PageHero } from "~/components/page/page-hero";
import { PageSection } from "~/components/page/page-section";
import { servicesContext } from "~/context";
import { sampleEvents } from "~/lib/events";
import { pageMeta } from "~/lib/seo";
import { addStructuredData, eventJsonLd } from "~/lib/structured-data.server";

import type { Route } from "./+types/events-calendar";

// "Today" comes from the server, so the HTML and the hydrated calendar agree.
export function loader({ context }: Route.LoaderArgs) {
  const services = context.get(servicesContext);
  const today = siteToday(new Date(), services.settings.timeZone);
  addStructuredData(
    services,
    ...sampleEvents(parseDay(today)).map((event) =>
      eventJsonLd(
        event,
        services.env.SITE_URL,
        services.settings,
        "/events-calendar",
      ),
    ),
  );
  return { today };
}

export default function EventsCalendarPage({
  loaderData,
}: Route.ComponentProps) {
  const { today } = loaderData;
  const events = sampleEvents(parseDay(today));
  return (
    <>
      <PageHero icon="CalendarDays" title="Events Calendar">
        Hikes, talks and gatherings where leaders of every generation meet. Pick
        a date and come along.
      </PageHero>
      <div className="mx-auto grid max-w-7xl lg:grid-cols-2">
        <PageSection id="calendar" title="Calendar" width="narrow">
          <div className="mx-auto max-w-md">
            <MonthCalendar events={events} today={today} />
          </div>
        </PageSection>
        <PageSection id="upcoming" title="Upcoming Events" width="narrow">
          <ul className="flex flex-col gap-6">
            {events.map((event) => (
              <li key={event.id} className="flex">
                <FeatureCard
                  title={event.title}
                  description={event.description}
                >
                  <EventFacts
                    event={event}
                    className="space-y-1.5 text-sm text-slate-300"
                  />
                </FeatureCard>
              </li>
            ))}
          </ul>
          <CalendarSubscribeLinks className="mt-8" />
        </PageSection>
      </div>
    </>
  );
}

export function meta(args: Route.MetaArgs) {
  return pageMeta(args, {
    page: "Events Calendar",
    description: (settings) =>
      `Upcoming events with ${settings.ownerName}: community hikes, leadership talks and gatherings, on a month-by-month calendar.`,
  });
}
