// The readers screen's ranked tables (posts, pages, referrers…), each with
// its CSV download.
import { useId } from "react";
import { Link } from "react-router";

import { cardClass, textLinkClass } from "~/components/page/styles";

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
