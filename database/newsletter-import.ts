// Addresses the owner imports, vouching for their consent (docs/decisions/060):
// all of them in one transaction, or none. A new address comes in confirmed,
// with the owner's word as its consent; a pending one is confirmed on that
// word; a confirmed one is left as it is. An address that unsubscribed or
// bounced is left as it is too: an import cannot undo a reader's leaving.
import { sql } from "drizzle-orm";

import type { Database } from "./database-types";
import { newToken } from "./newsletter";

export interface SubscriberImport {
  /** Lower-cased, checked and each once (app/studio/subscriber-import.ts). */
  addresses: readonly string[];
  /** The consent's wording: the owner's word for it. */
  wording: string;
  now?: Date;
}

export interface SubscriberImportReport {
  added: number;
  confirmed: number;
  alreadyConfirmed: number;
  /** Unsubscribed or bounced: not mailed again by an import. */
  leftOut: number;
}

type Counted = { rows: Array<Record<string, number | string>> };

export async function importSubscribers(
  db: Database,
  input: SubscriberImport,
): Promise<SubscriberImportReport> {
  const now = (input.now ?? new Date()).toISOString();
  // One parameter however long the list: the rows travel as JSON.
  const rows = JSON.stringify(
    input.addresses.map((email) => ({ email, token: newToken() })),
  );
  return db.transaction(async (tx) => {
    const before = (await tx.execute(sql`
      select s.status::text as status, count(*)::int as n
      from newsletter_subscribers s
      join json_to_recordset(${rows}::json) as x(email text, token text)
        on x.email = s.email
      group by s.status`)) as unknown as Counted;
    const had = (status: string) =>
      Number(before.rows.find((row) => row.status === status)?.n ?? 0);
    await tx.execute(sql`
      insert into newsletter_subscribers
        (email, status, consented_at, consent_source, consent_wording,
         confirmed_at, unsubscribe_token, created_at, updated_at)
      select x.email, 'confirmed', ${now}::timestamptz, 'import', ${input.wording},
             ${now}::timestamptz, x.token, ${now}::timestamptz, ${now}::timestamptz
      from json_to_recordset(${rows}::json) as x(email text, token text)
      on conflict (email) do update set
        status = 'confirmed',
        consented_at = excluded.consented_at,
        consent_source = excluded.consent_source,
        consent_wording = excluded.consent_wording,
        confirmed_at = excluded.confirmed_at,
        confirm_token_hash = null,
        confirm_expires_at = null,
        updated_at = excluded.updated_at
      where newsletter_subscribers.status = 'pending'`);
    const known =
      had("pending") + had("confirmed") + had("unsubscribed") + had("bounced");
    return {
      added: input.addresses.length - known,
      confirmed: had("pending"),
      alreadyConfirmed: had("confirmed"),
      leftOut: had("unsubscribed") + had("bounced"),
    };
  });
}
