// Confirmed subscribers for measuring the newsletter at the size of a real
// list (npm run db:newsletter-fixture): one INSERT ... SELECT, addresses
// newsletter-N@fixture.example that no real list holds.
import { sql } from "drizzle-orm";

import type { Database } from "./database-types";

export async function seedNewsletterSubscribers(
  db: Database,
  count: number,
): Promise<number> {
  const result = await db.execute(sql`
    insert into newsletter_subscribers
      (email, status, consent_source, consent_wording, confirmed_at, unsubscribe_token)
    select 'newsletter-' || n || '@fixture.example', 'confirmed', '/', 'Join the Newsletter (fixture)', now(),
           md5(random()::text || n) || md5(random()::text || clock_timestamp()::text)
    from generate_series(1, ${count}) as n
    on conflict (email) do nothing`);
  void result;
  const [row] = (
    (await db.execute(
      sql`select count(*)::int as n from newsletter_subscribers where status = 'confirmed'`,
    )) as unknown as { rows: Array<{ n: number }> }
  ).rows;
  return row?.n ?? 0;
}
