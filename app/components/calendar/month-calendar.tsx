import { useEffect, useId, useMemo, useRef, useState } from "react";
import type { KeyboardEvent } from "react";

import type { SiteEvent } from "~/config/events";
import {
  addDays,
  addMonths,
  addYears,
  endOfWeek,
  isSameMonth,
  startOfWeek,
} from "~/lib/days";
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
  /** Today in the site's time zone ("yyyy-MM-dd"), from the loader, so server and browser agree. */
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

/**
 * A month grid, weeks starting on Sunday, with the days that have events
 * marked. It follows the WAI-ARIA date-picker grid: one tab stop in the
 * grid, arrow keys move by day and week, Home/End to the week's ends,
 * Page Up/Down by month (with Shift, by year); choosing a day shows its events.
 */
export function MonthCalendar({
  events,
  today,
  initialDay = today,
}: MonthCalendarProps) {
  const titleId = useId();
  const [month, setMonth] = useState(() => monthOf(parseDay(initialDay)));
  const [selected, setSelected] = useState(initialDay);
  const [focused, setFocused] = useState(initialDay);
  const gridRef = useRef<HTMLTableElement>(null);
  // Focus follows the roving day only after a key press, never on render.
  const focusPending = useRef(false);

  const eventsByDay = useMemo(() => {
    const byDay = new Map<string, SiteEvent[]>();
    for (const event of events) {
      byDay.set(event.date, [...(byDay.get(event.date) ?? []), event]);
    }
    return byDay;
  }, [events]);

  useEffect(() => {
    if (!focusPending.current) return;
    focusPending.current = false;
    // The roving day is the grid's one tab stop.
    gridRef.current
      ?.querySelector<HTMLButtonElement>('button[tabindex="0"]')
      ?.focus();
  }, [focused]);

  function showMonth(next: Date) {
    setMonth(next);
    const candidates = [selected, today].map(parseDay);
    const inMonth = candidates.find((day) => isSameMonth(day, next));
    setFocused(dayKey(inMonth ?? next));
  }

  function handleKeyDown(event: KeyboardEvent<HTMLTableElement>) {
    const target = keyTarget(event.key, event.shiftKey, parseDay(focused));
    if (!target) return;
    event.preventDefault();
    focusPending.current = true;
    setFocused(dayKey(target));
    if (!isSameMonth(target, month)) setMonth(monthOf(target));
  }

  const selectedEvents = eventsByDay.get(selected) ?? [];

  return (
    <div className="rounded-2xl border border-white/10 bg-white/5 p-4 sm:p-6">
      <div className="flex items-center justify-between gap-4">
        <button
          type="button"
          onClick={() => showMonth(addMonths(month, -1))}
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
          type="button"
          onClick={() => showMonth(addMonths(month, 1))}
          aria-label="Next month"
          className="rounded-full p-2 text-slate-200 hover:bg-white/10 hover:text-white"
        >
          <Icon name="ChevronRight" aria-hidden="true" className="h-5 w-5" />
        </button>
      </div>
      <table
        ref={gridRef}
        role="grid"
        aria-labelledby={titleId}
        onKeyDown={handleKeyDown}
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
                const dayEvents = eventsByDay.get(key) ?? [];
                return (
                  <td
                    key={key}
                    aria-selected={key === selected}
                    className="py-0.5"
                  >
                    <DayButton
                      day={day}
                      dayEvents={dayEvents}
                      isSelected={key === selected}
                      isToday={key === today}
                      tabbable={key === focused}
                      onChoose={() => {
                        setSelected(key);
                        setFocused(key);
                      }}
                    />
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
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
    </div>
  );
}

function DayButton({
  day,
  dayEvents,
  isSelected,
  isToday,
  tabbable,
  onChoose,
}: {
  day: Date;
  dayEvents: ReadonlyArray<SiteEvent>;
  isSelected: boolean;
  isToday: boolean;
  tabbable: boolean;
  onChoose: () => void;
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
      type="button"
      data-has-events={dayEvents.length > 0 || undefined}
      tabIndex={tabbable ? 0 : -1}
      aria-label={label}
      aria-current={isToday ? "date" : undefined}
      onClick={onChoose}
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

/** Where a key moves the focused day (the WAI-ARIA date grid keys). */
function keyTarget(key: string, shift: boolean, day: Date): Date | undefined {
  switch (key) {
    case "ArrowLeft":
      return addDays(day, -1);
    case "ArrowRight":
      return addDays(day, 1);
    case "ArrowUp":
      return addDays(day, -7);
    case "ArrowDown":
      return addDays(day, 7);
    case "Home":
      return startOfWeek(day);
    case "End":
      return endOfWeek(day);
    case "PageUp":
      return shift ? addYears(day, -1) : addMonths(day, -1);
    case "PageDown":
      return shift ? addYears(day, 1) : addMonths(day, 1);
    default:
      return undefined;
  }
}
