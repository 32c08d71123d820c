import { z } from "zod";

import { csvDocument } from "~/lib/csv";
import { requireStudioOwner } from "~/studio/gate.server";
import { READER_TABLES, readerQuery } from "~/studio/readers";
import { periodOf, readersReport } from "~/studio/readers.server";

import type { Route } from "./+types/readers-csv";

// GET /studio/readers/csv?table=...&range=...: one table of the Readers
// screen, for the same period, as a CSV download.
export async function loader(args: Route.LoaderArgs) {
  const { db } = await requireStudioOwner(args);
  const params = new URL(args.request.url).searchParams;
  const table = z.enum(READER_TABLES).safeParse(params.get("table"));
  if (!table.success) {
    return new Response("No such table on the Readers screen.", {
      status: 400,
    });
  }
  const query = readerQuery(params);
  const period = periodOf(query, new Date());
  if ("error" in period) return new Response(period.error, { status: 400 });
  const report = await readersReport(db, period.range, new Date());
  const lines =
    table.data === "daily"
      ? [
          ["day", "visitors", "views"],
          ...report.days.map((day) => [day.day, day.visitors, day.views]),
        ]
      : [
          ["name", "visitors", "views"],
          ...report.tables[table.data].map((row) => [
            row.label,
            row.visitors,
            row.views,
          ]),
        ];
  const name = `readers-${table.data}-${period.range.from}-${period.range.to}.csv`;
  return new Response(csvDocument(lines), {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="${name}"`,
      "Cache-Control": "no-store",
    },
  });
}
