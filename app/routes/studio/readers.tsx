import { useId } from "react";
import { data, Form, Link } from "react-router";

import type { Route } from "./+types/readers";
import {
  buttonClass,
  cardClass,
  textLinkClass,
} from "~/components/page/styles";
import { requireStudioOwner } from "~/studio/gate.server";
import { studioMeta } from "~/studio/meta";
import {
  READER_RANGES,
  rangeLabels,
  readerQuery,
  readerSearch,
  tableTitles,
} from "~/studio/readers";
import type { ReaderQuery, ReaderTable } from "~/studio/readers";
import { periodOf, readersReport } from "~/studio/readers.server";
import type { ReadersReport, Row } from "~/studio/readers.server";
import { fieldClass, headingClass, hintClass, labelClass } from "~/studio/ui";

export async function loader(args: Route.LoaderArgs) {
  const { db, env } = await requireStudioOwner(args);
  const query = readerQuery(new URL(args.request.url).searchParams);
  const now = new Date();
  const period = periodOf(query, now);
  if ("error" in period) {
    return data({ query, error: period.error, report: null, counting: true });
  }
  return data({
    query,
    error: null,
    report: await readersReport(db, period.range, now),
    counting: env.READERS_COUNTING === "on",
  });
}

export function meta(args: Route.MetaArgs) {
  return studioMeta(args, "Readers");
}

const numbers = new Intl.NumberFormat("en-US");

function change(current: number, previous: number): string {
  if (previous === 0) return current === 0 ? "no change" : "new";
  const percent = Math.round(((current - previous) / previous) * 100);
  return `${percent > 0 ? "+" : ""}${percent}%`;
}

export default function StudioReaders({ loaderData }: Route.ComponentProps) {
  const { query, error, report, counting } = loaderData;
  return (
    <>
      <h1 className={headingClass}>Readers</h1>
      <p className="mt-2 text-slate-300">
        Who reads what, counted on this server without cookies (
        <Link to="/privacy" className={textLinkClass}>
          how
        </Link>
        ). Days are UTC days.
      </p>
      {counting ? null : (
        <p className="mt-2 text-amber-200">
          Counting is off (READERS_COUNTING=off): these figures stand still.
        </p>
      )}
      <PeriodChooser query={query} />
      {error ? (
        <p role="alert" className="mt-6 text-rose-300">
          {error}
        </p>
      ) : null}
      {report ? <Report report={report} query={query} /> : null}
    </>
  );
}

function PeriodChooser({ query }: { query: ReaderQuery }) {
  return (
    <div className={`${cardClass} mt-6 p-4`}>
      <nav aria-label="Period">
        <ul className="flex flex-wrap gap-2">
          {READER_RANGES.filter((range) => range !== "custom").map((range) => (
            <li key={range}>
              <Link
                to={`?range=${range}`}
                aria-current={query.range === range ? "page" : undefined}
                className={buttonClass(
                  query.range === range ? "primary" : "secondary",
                  "sm",
                )}
              >
                {rangeLabels[range]}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      <Form
        method="get"
        className="mt-4 flex flex-wrap items-end gap-4"
        aria-label="Custom period"
      >
        <input type="hidden" name="range" value="custom" />
        <DateField
          name="from"
          label="From"
          value={query.range === "custom" ? query.from : undefined}
        />
        <DateField
          name="to"
          label="To"
          value={query.range === "custom" ? query.to : undefined}
        />
        <button type="submit" className={buttonClass("secondary", "md")}>
          Show period
        </button>
      </Form>
    </div>
  );
}

function DateField({
  name,
  label,
  value,
}: {
  name: string;
  label: string;
  value: string | undefined;
}) {
  const id = useId();
  return (
    <div>
      <label htmlFor={id} className={labelClass}>
        {label}
      </label>
      <input
        id={id}
        name={name}
        type="date"
        required
        defaultValue={value}
        className={fieldClass}
      />
    </div>
  );
}

function Report({
  report,
  query,
}: {
  report: ReadersReport;
  query: ReaderQuery;
}) {
  const { totals, previousTotals } = report;
  const search = readerSearch(query);
  return (
    <>
      <section aria-labelledby="readers-summary" className="mt-6">
        <h2 id="readers-summary" className="sr-only">
          Summary
        </h2>
        <p className={hintClass}>
          {report.range.from === report.range.to
            ? report.range.from
            : `${report.range.from} to ${report.range.to}`}
          , against {report.previous.from} to {report.previous.to}
        </p>
        <dl className="mt-3 grid gap-4 sm:grid-cols-3">
          <Figure
            term="Visitors"
            value={totals.visitors}
            note={`${change(totals.visitors, previousTotals.visitors)} (${numbers.format(previousTotals.visitors)} before)`}
          />
          <Figure
            term="Page views"
            value={totals.views}
            note={`${change(totals.views, previousTotals.views)} (${numbers.format(previousTotals.views)} before)`}
          />
          <Figure
            term="Now"
            value={report.now}
            note="visitors in the last 5 minutes"
          />
        </dl>
      </section>
      <DailyChart report={report} search={search} />
      <div className="mt-6 grid gap-6 lg:grid-cols-2">
        {(
          [
            "posts",
            "pages",
            "referrers",
            "campaigns",
            "devices",
            "browsers",
          ] as const
        ).map((table) => (
          <RankedTable
            key={table}
            table={table}
            rows={report.tables[table]}
            search={search}
          />
        ))}
      </div>
    </>
  );
}

function Figure({
  term,
  value,
  note,
}: {
  term: string;
  value: number;
  note: string;
}) {
  return (
    <div className={`${cardClass} p-4`}>
      <dt className="text-sm text-slate-400">{term}</dt>
      <dd className="mt-1 text-3xl font-bold text-white">
        {numbers.format(value)}
      </dd>
      <dd className="mt-1 text-sm text-slate-400">{note}</dd>
    </div>
  );
}

function CsvLink({ table, search }: { table: ReaderTable; search: string }) {
  return (
    <a
      href={`/studio/readers/csv?table=${table}&${search}`}
      download
      className={`${textLinkClass} text-sm`}
    >
      CSV<span className="sr-only"> of {tableTitles[table]}</span>
    </a>
  );
}

const CHART_WIDTH = 640;
const CHART_HEIGHT = 180;

/** The daily figures as a line drawing (drawn here, on the server: no chart script), with the table it is drawn from. */
function DailyChart({
  report,
  search,
}: {
  report: ReadersReport;
  search: string;
}) {
  const { days } = report;
  const highest = Math.max(1, ...days.map((day) => day.views));
  const step = days.length > 1 ? CHART_WIDTH / (days.length - 1) : 0;
  const line = (pick: (day: (typeof days)[number]) => number) =>
    days
      .map((day, index) => {
        const x = days.length > 1 ? index * step : CHART_WIDTH / 2;
        const y = CHART_HEIGHT - (pick(day) / highest) * (CHART_HEIGHT - 10);
        return `${x.toFixed(1)},${y.toFixed(1)}`;
      })
      .join(" ");
  return (
    <section
      aria-labelledby="readers-daily"
      className={`${cardClass} mt-6 p-4`}
    >
      <div className="flex items-center justify-between gap-4">
        <h2 id="readers-daily" className="text-lg font-semibold text-white">
          {tableTitles.daily}
        </h2>
        <CsvLink table="daily" search={search} />
      </div>
      <p className="mt-2 flex gap-4 text-sm text-slate-300" aria-hidden="true">
        <span>
          <span className="mr-1 inline-block h-1 w-4 bg-emerald-400 align-middle" />
          Views
        </span>
        <span>
          <span className="mr-1 inline-block h-1 w-4 bg-sky-300 align-middle" />
          Visitors
        </span>
      </p>
      <svg
        viewBox={`-4 -4 ${CHART_WIDTH + 8} ${CHART_HEIGHT + 8}`}
        className="mt-2 h-44 w-full"
        preserveAspectRatio="none"
        aria-hidden="true"
        focusable="false"
      >
        <line
          x1="0"
          y1={CHART_HEIGHT}
          x2={CHART_WIDTH}
          y2={CHART_HEIGHT}
          stroke="currentColor"
          className="text-white/20"
        />
        <polyline
          points={line((day) => day.views)}
          fill="none"
          stroke="#34d399"
          strokeWidth="2"
          vectorEffect="non-scaling-stroke"
        />
        <polyline
          points={line((day) => day.visitors)}
          fill="none"
          stroke="#7dd3fc"
          strokeWidth="2"
          vectorEffect="non-scaling-stroke"
        />
      </svg>
      <table className="sr-only">
        <caption>{tableTitles.daily}</caption>
        <thead>
          <tr>
            <th scope="col">Day</th>
            <th scope="col">Visitors</th>
            <th scope="col">Views</th>
          </tr>
        </thead>
        <tbody>
          {days.map((day) => (
            <tr key={day.day}>
              <th scope="row">{day.day}</th>
              <td>{day.visitors}</td>
              <td>{day.views}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}

function RankedTable({
  table,
  rows,
  search,
}: {
  table: Exclude<ReaderTable, "daily">;
  rows: Row[];
  search: string;
}) {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className={`${cardClass} p-4`}>
      <div className="flex items-center justify-between gap-4">
        <h2 id={headingId} className="text-lg font-semibold text-white">
          {tableTitles[table]}
        </h2>
        <CsvLink table={table} search={search} />
      </div>
      {rows.length === 0 ? (
        <p className="mt-3 text-sm text-slate-400">None in this period.</p>
      ) : (
        <table className="mt-3 w-full text-left text-sm">
          <caption className="sr-only">{tableTitles[table]}</caption>
          <thead className="border-b border-white/10 text-slate-400">
            <tr>
              <th scope="col" className="py-2 pr-4 font-medium">
                {table === "posts" ? "Post" : "Name"}
              </th>
              <th scope="col" className="py-2 pr-4 text-right font-medium">
                Visitors
              </th>
              <th scope="col" className="py-2 text-right font-medium">
                Views
              </th>
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={row.label} className="border-b border-white/5">
                <th
                  scope="row"
                  className="py-2 pr-4 font-normal break-all text-slate-200"
                >
                  {row.href ? (
                    <Link to={row.href} className={textLinkClass}>
                      {row.label}
                    </Link>
                  ) : (
                    row.label
                  )}
                </th>
                <td className="py-2 pr-4 text-right text-slate-200">
                  {numbers.format(row.visitors)}
                </td>
                <td className="py-2 text-right text-slate-200">
                  {numbers.format(row.views)}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
