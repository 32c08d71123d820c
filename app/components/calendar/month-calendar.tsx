import { useId } from "react";
import { useLocation, useSearchParams } from "react-router";

import type { SiteEvent } from "~/config/events";
import { addDays, addMonths, isSameMonth } from "~/lib/days";
import { useIsland } from "~/lib/document-head";
import { Icon } from "~/lib/icons";

import {
  dayKey,
  formatFullDate,
  formatLongDay,
  formatMonthTitle,
  formatWeekday,
  monthOf,
  monthWeeks,
  parseDay,
} from "./dates";
import { EventFacts } from "./event-facts";

export interface MonthCalendarProps {
  events: ReadonlyArray<SiteEvent>;
  /** Today in the site's time zone ("yyyy-MM-dd"), from the loader. */
  today: string;
  /** The day selected (and so the month shown) at first; today unless given. */
  initialDay?: string;
}

// A known Sunday, for the weekday column headings.
const firstSunday = parseDay("2023-01-01");
const weekdays = Array.from({ length: 7 }, (_, index) => {
  const day = addDays(firstSunday, index);
  const long = formatWeekday(day);
  return { short: long.slice(0, 2), long };
});

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const MONTH = /^\d{4}-\d{2}$/;

/** The day a parameter names, when it names one. */
function dayParam(value: string | null): string | undefined {
  return value && DAY.test(value) && dayKey(parseDay(value)) === value
    ? value
    : undefined;
}

/** The calendar's box: the address a month or day change comes back to. */
const CALENDAR_ID = "month-calendar";

/**
 * A month grid, weeks starting on Sunday, with the days that have events
 * marked, drawn by the server from the address: ?month=yyyy-MM the month
 * shown, ?day= the day chosen, ?focus= the day (or the month button) the
 * keyboard had. The month buttons and the days are a GET form's buttons, so
 * they work without any script. It follows the WAI-ARIA date-picker grid:
 * one tab stop in the grid; its island (app/islands/calendar.ts) moves it
 * with the arrow keys, Home/End and Page Up/Down (with Shift, by year), and
 * puts another month in place without leaving the page.
 */
export function MonthCalendar({
  events,
  today,
  initialDay = today,
}: MonthCalendarProps) {
  const titleId = useId();
  const { pathname } = useLocation();
  const [search] = useSearchParams();
  const selected = dayParam(search.get("day")) ?? initialDay;
  const focus = dayParam(search.get("focus"));
  const asked = search.get("month");
  const month =
    asked && MONTH.test(asked)
      ? monthOf(parseDay(`${asked}-01`))
      : monthOf(parseDay(focus ?? selected));
  const tabbable =
    [focus, selected, today].find(
      (day) => day !== undefined && isSameMonth(parseDay(day), month),
    ) ?? dayKey(month);

  const eventsByDay = new Map<string, SiteEvent[]>();
  for (const event of events) {
    eventsByDay.set(event.date, [
      ...(eventsByDay.get(event.date) ?? []),
      event,
    ]);
  }
  const selectedEvents = eventsByDay.get(selected) ?? [];
  const monthValue = (date: Date) => dayKey(date).slice(0, 7);
  const island = useIsland("calendar", "idle");

  return (
    <form
      id={CALENDAR_ID}
      method="get"
      action={`${pathname}#${CALENDAR_ID}`}
      {...island}
      className="rounded-2xl border border-white/10 bg-white/5 p-4 sm:p-6"
    >
      <div className="flex items-center justify-between gap-4">
        <button
          type="submit"
          name="month"
          value={monthValue(addMonths(month, -1))}
          data-step="previous"
          aria-label="Previous month"
          className="rounded-full p-2 text-slate-200 hover:bg-white/10 hover:text-white"
        >
          <Icon name="ChevronLeft" aria-hidden="true" className="h-5 w-5" />
        </button>
        <h3
          id={titleId}
          aria-live="polite"
          className="font-serif text-xl font-semibold text-white"
        >
          {formatMonthTitle(month)}
        </h3>
        <button
          type="submit"
          name="month"
          value={monthValue(addMonths(month, 1))}
          data-step="next"
          aria-label="Next month"
          className="rounded-full p-2 text-slate-200 hover:bg-white/10 hover:text-white"
        >
          <Icon name="ChevronRight" aria-hidden="true" className="h-5 w-5" />
        </button>
      </div>
      <table
        role="grid"
        aria-labelledby={titleId}
        className="mt-4 w-full table-fixed border-collapse text-center"
      >
        <thead>
          <tr>
            {weekdays.map((weekday) => (
              <th
                key={weekday.long}
                scope="col"
                className="pb-2 text-xs font-medium text-slate-400"
              >
                <span aria-hidden="true">{weekday.short}</span>
                <span className="sr-only">{weekday.long}</span>
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {monthWeeks(month).map((week) => (
            <tr key={dayKey(week.find((day) => day !== null) ?? month)}>
              {week.map((day, index) => {
                if (!day) return <td key={`blank-${index}`} />;
                const key = dayKey(day);
                return (
                  <td
                    key={key}
                    aria-selected={key === selected}
                    className="py-0.5"
                  >
                    <DayButton
                      day={day}
                      dayEvents={eventsByDay.get(key) ?? []}
                      isSelected={key === selected}
                      isToday={key === today}
                      tabbable={key === tabbable}
                    />
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
      {/* After the days: a day pressed is the first "day" the form sends. */}
      <input type="hidden" name="day" value={selected} />
      <div
        aria-live="polite"
        className="mt-4 border-t border-white/10 pt-4 text-left"
      >
        <p className="text-sm font-semibold text-white">
          <time dateTime={selected}>{formatLongDay(selected)}</time>
        </p>
        {selectedEvents.length > 0 ? (
          <ul className="mt-2 space-y-3">
            {selectedEvents.map((event) => (
              <li key={event.id}>
                <p className="font-semibold text-emerald-200">{event.title}</p>
                <EventFacts event={event} showDate={false} />
              </li>
            ))}
          </ul>
        ) : (
          <p className="mt-1 text-sm text-slate-400">No events on this day.</p>
        )}
      </div>
    </form>
  );
}

function DayButton({
  day,
  dayEvents,
  isSelected,
  isToday,
  tabbable,
}: {
  day: Date;
  dayEvents: ReadonlyArray<SiteEvent>;
  isSelected: boolean;
  isToday: boolean;
  tabbable: boolean;
}) {
  const label = [
    formatFullDate(day),
    ...dayEvents.map((event) => event.title),
  ].join(", ");
  const tone = isSelected
    ? "bg-emerald-400 font-semibold text-slate-950 hover:bg-emerald-300"
    : dayEvents.length > 0
      ? "bg-emerald-500/15 font-semibold text-emerald-200 hover:bg-emerald-500/25"
      : "text-slate-200 hover:bg-white/10";
  return (
    <button
      type="submit"
      name="day"
      value={dayKey(day)}
      data-has-events={dayEvents.length > 0 || undefined}
      tabIndex={tabbable ? 0 : -1}
      aria-label={label}
      aria-current={isToday ? "date" : undefined}
      className={`relative mx-auto flex h-10 w-10 items-center justify-center rounded-full text-sm ${tone}${isToday && !isSelected ? " ring-1 ring-amber-300" : ""}`}
    >
      {day.getDate()}
      {dayEvents.length > 0 ? (
        <span
          aria-hidden="true"
          className="absolute bottom-1 h-1 w-1 rounded-full bg-amber-300"
        />
      ) : null}
    </button>
  );
}
