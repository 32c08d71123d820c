import { asc } from "drizzle-orm";

import { csvDocument } from "~/lib/csv";
import { requireStudioOwner } from "~/studio/gate.server";
import { newsletterSubscribers } from "~database/schema";

import type { Route } from "./+types/newsletter-subscribers-csv";

// GET /studio/newsletter/subscribers.csv: every address with its status,
// when it consented and from where, for the owner's own records.
export async function loader(args: Route.LoaderArgs) {
  const { db } = await requireStudioOwner(args);
  const rows = await db
    .select({
      email: newsletterSubscribers.email,
      status: newsletterSubscribers.status,
      consentedAt: newsletterSubscribers.consentedAt,
      source: newsletterSubscribers.consentSource,
    })
    .from(newsletterSubscribers)
    .orderBy(asc(newsletterSubscribers.email));
  const lines = [
    ["address", "status", "consented at", "source"],
    ...rows.map((row) => [
      row.email,
      row.status,
      row.consentedAt.toISOString(),
      row.source,
    ]),
  ];
  return new Response(csvDocument(lines), {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": 'attachment; filename="subscribers.csv"',
      "Cache-Control": "private, no-store",
    },
  });
}
