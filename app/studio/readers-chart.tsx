// The readers screen's daily figures: a line drawing made on the server (no
// chart script), with the table it is drawn from for screen readers.
import { cardClass } from "~/components/page/styles";

import { DataTable } from "./data-table";
import type { DataColumn } from "./data-table";
import { tableTitles } from "./readers";
import type { ReadersReport } from "./readers.server";
import { CsvLink } from "./readers-tables";

const CHART_WIDTH = 640;
const CHART_HEIGHT = 180;

type Day = ReadersReport["days"][number];

const dailyColumns: ReadonlyArray<DataColumn<Day>> = [
  { key: "day", heading: "Day", rowHeader: true, cell: (day) => day.day },
  { key: "visitors", heading: "Visitors", cell: (day) => day.visitors },
  { key: "views", heading: "Views", cell: (day) => day.views },
];

/** The daily figures as a line drawing (drawn here, on the server: no chart script), with the table it is drawn from. */
export function DailyChart({
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
      <DataTable
        look="unseen"
        caption={tableTitles.daily}
        columns={dailyColumns}
        rows={days}
        rowKey={(day) => day.day}
      />
    </section>
  );
}
