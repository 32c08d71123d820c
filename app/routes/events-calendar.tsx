import type { Route } from "./+types/events-calendar";
import { parseDay, siteToday } from "~/components/calendar/dates";
import { EventFacts } from "~/components/calendar/event-facts";
import { MonthCalendar } from "~/components/calendar/month-calendar";
import { ContentSection } from "~/components/sections/content-section";
import { PageHero } from "~/components/sections/page-hero";
import { sampleEvents } from "~/config/events";
import { site } from "~/config/site";
import { pageMeta } from "~/lib/seo";

// "Today" comes from the server, so the HTML and the hydrated calendar agree.
export function loader() {
  return { today: siteToday() };
}

export default function EventsCalendarPage({
  loaderData,
}: Route.ComponentProps) {
  const { today } = loaderData;
  const events = sampleEvents(parseDay(today));
  return (
    <>
      <PageHero title="Events Calendar">
        <p>
          Hikes, talks and gatherings where leaders of every generation meet.
          Pick a date and come along.
        </p>
      </PageHero>
      <div className="mx-auto grid max-w-7xl gap-4 lg:grid-cols-2">
        <ContentSection id="calendar" title="Calendar" width="max-w-4xl">
          <div className="mx-auto mt-8 max-w-md">
            <MonthCalendar events={events} today={today} />
          </div>
        </ContentSection>
        <ContentSection id="upcoming" title="Upcoming Events" width="max-w-4xl">
          <ul className="mt-8 space-y-6">
            {events.map((event) => (
              <li key={event.id}>
                <article className="rounded-2xl border border-white/10 bg-white/5 p-6">
                  <h3 className="text-xl font-semibold text-white">
                    {event.title}
                  </h3>
                  <p className="mt-2 text-slate-300">{event.description}</p>
                  <EventFacts event={event} />
                </article>
              </li>
            ))}
          </ul>
        </ContentSection>
      </div>
    </>
  );
}

export function meta(args: Route.MetaArgs) {
  return pageMeta(args, {
    page: "Events Calendar",
    description: `Upcoming events with ${site.ownerName}: community hikes, leadership talks and gatherings, on a month-by-month calendar.`,
  });
}
