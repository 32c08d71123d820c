// The studio's tables of records (the Posts list, the Readers screen's
// figures, the Newsletter screen's sends): one markup for all of them, each
// column declared once with its heading and how it draws a row.
import type { ReactNode } from "react";

export interface DataColumn<Row> {
  key: string;
  heading: ReactNode;
  /** Figures line up on the right, heading and cells alike. */
  align?: "right";
  /** The column names its row: its cells are row headings. */
  rowHeader?: boolean;
  /** The body cells' own classes (colour, weight, wrapping). */
  className?: string;
  cell: (row: Row) => ReactNode;
}

interface TableLook {
  /** A horizontal scroll area around the table, for the narrow screen. */
  scroll?: string;
  table: string;
  caption?: string;
  head?: string;
  /** The column headings' weight. */
  headingWeight?: string;
  row?: string;
  /** Above and below the headings and the cells, and the gap after a column (or after all but the last). */
  padding?: { heading: string; cell: string; gap: string; lastGap: boolean };
  empty?: string;
}

// Each screen's table keeps its own look: the Posts list's taller rows, the
// sends' headings in the body's colour, the daily figures only heard.
const looks = {
  // relative: the screen-reader-only labels (absolutely placed) stay inside
  // the scroll area instead of widening the page.
  list: {
    scroll: "relative mt-2 overflow-x-auto",
    table: "w-full min-w-[40rem] text-left text-sm",
    caption: "sr-only",
    head: "border-b border-white/10 text-slate-400",
    headingWeight: "font-medium",
    row: "border-b border-white/5 align-top",
    padding: { heading: "py-2", cell: "py-3", gap: "pr-4", lastGap: false },
    empty: "mt-4 text-slate-300",
  },
  ranked: {
    table: "mt-3 w-full text-left text-sm",
    caption: "sr-only",
    head: "border-b border-white/10 text-slate-400",
    headingWeight: "font-medium",
    row: "border-b border-white/5",
    padding: { heading: "py-2", cell: "py-2", gap: "pr-4", lastGap: false },
    empty: "mt-3 text-sm text-slate-400",
  },
  figures: {
    scroll: "mt-3 overflow-x-auto",
    table: "w-full text-left text-sm text-slate-200",
    row: "border-t border-white/10",
    padding: { heading: "py-2", cell: "py-2", gap: "pr-4", lastGap: true },
    empty: "mt-3 text-slate-300",
  },
  // A drawing's figures for screen readers: the whole table is unseen.
  unseen: { table: "sr-only" },
} satisfies Record<string, TableLook>;

/** The classes given, in order, leaving out the empty ones (no attribute when none is left). */
function classes(...names: Array<string | false | undefined>) {
  return names.filter(Boolean).join(" ") || undefined;
}

/** A table of rows, or the empty text when there are none. */
export function DataTable<Row>({
  look: lookName,
  caption,
  columns,
  rows,
  rowKey,
  empty,
  describedBy,
}: {
  look: keyof typeof looks;
  /** Names the table for screen readers. */
  caption?: string;
  columns: ReadonlyArray<DataColumn<Row>>;
  rows: ReadonlyArray<Row>;
  rowKey: (row: Row) => string;
  /** Said instead of the table when there are no rows (none: the table stays). */
  empty?: string;
  describedBy?: string;
}) {
  const look: TableLook = looks[lookName];
  if (empty !== undefined && rows.length === 0)
    return <p className={look.empty}>{empty}</p>;
  const { padding } = look;
  const gap = (index: number) =>
    padding && (padding.lastGap || index < columns.length - 1)
      ? padding.gap
      : undefined;
  const right = (column: DataColumn<Row>) =>
    column.align === "right" && "text-right";
  const table = (
    <table className={look.table} aria-describedby={describedBy}>
      {caption ? <caption className={look.caption}>{caption}</caption> : null}
      <thead className={look.head}>
        <tr>
          {columns.map((column, index) => (
            <th
              key={column.key}
              scope="col"
              className={classes(
                padding?.heading,
                gap(index),
                right(column),
                look.headingWeight,
              )}
            >
              {column.heading}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          <tr key={rowKey(row)} className={look.row}>
            {columns.map((column, index) => {
              const className = classes(
                padding?.cell,
                gap(index),
                right(column),
                column.className,
              );
              return column.rowHeader ? (
                <th key={column.key} scope="row" className={className}>
                  {column.cell(row)}
                </th>
              ) : (
                <td key={column.key} className={className}>
                  {column.cell(row)}
                </td>
              );
            })}
          </tr>
        ))}
      </tbody>
    </table>
  );
  return look.scroll ? <div className={look.scroll}>{table}</div> : table;
}
