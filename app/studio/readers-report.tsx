// The readers screen's report for a period: the totals against the period
// before, the daily chart and the ranked tables.
import { cardClass } from "~/components/page/styles";

import { readerSearch } from "./readers";
import type { ReaderQuery } from "./readers";
import type { ReadersReport } from "./readers.server";
import { DailyChart } from "./readers-chart";
import { numbers, RankedTable } from "./readers-tables";
import { hintClass } from "./ui";

function change(current: number, previous: number): string {
  if (previous === 0) return current === 0 ? "no change" : "new";
  const percent = Math.round(((current - previous) / previous) * 100);
  return `${percent > 0 ? "+" : ""}${percent}%`;
}

export function Report({
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
