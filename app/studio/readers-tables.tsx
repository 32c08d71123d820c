// The readers screen's ranked tables (posts, pages, referrers…), each with
// its CSV download.
import { useId } from "react";
import { Link } from "react-router";

import { cardClass, textLinkClass } from "~/components/page/styles";

import { DataTable } from "./data-table";
import type { DataColumn } from "./data-table";
import { tableTitles } from "./readers";
import type { ReaderTable } from "./readers";
import type { Row } from "./readers.server";

export const numbers = new Intl.NumberFormat("en-US");

export function CsvLink({
  table,
  search,
}: {
  table: ReaderTable;
  search: string;
}) {
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

function rankedColumns(name: string): ReadonlyArray<DataColumn<Row>> {
  return [
    {
      key: "label",
      heading: name,
      rowHeader: true,
      className: "font-normal break-all text-slate-200",
      cell: (row) =>
        row.href ? (
          <Link to={row.href} className={textLinkClass}>
            {row.label}
          </Link>
        ) : (
          row.label
        ),
    },
    {
      key: "visitors",
      heading: "Visitors",
      align: "right",
      className: "text-slate-200",
      cell: (row) => numbers.format(row.visitors),
    },
    {
      key: "views",
      heading: "Views",
      align: "right",
      className: "text-slate-200",
      cell: (row) => numbers.format(row.views),
    },
  ];
}

const postColumns = rankedColumns("Post");
const nameColumns = rankedColumns("Name");

export function RankedTable({
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
      <DataTable
        look="ranked"
        caption={tableTitles[table]}
        columns={table === "posts" ? postColumns : nameColumns}
        rows={rows}
        rowKey={(row) => row.label}
        empty="None in this period."
      />
    </section>
  );
}
