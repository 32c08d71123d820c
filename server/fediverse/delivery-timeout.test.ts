// Fedify's own POST of a delivery gets the site's timeout: a follower whose
// server takes the Accept and never answers fails that attempt within the
// fetch timeout, and Fedify's retry is queued for later, rather than the
// row and its worker being held until the lease runs out.
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, expect, test } from "vitest";

import {
  startFediverseSite,
  startFediversePeer,
} from "~tests/support/fediverse-peer";
import type { FediversePeer } from "~tests/support/fediverse-peer";
import type { TestSite } from "~tests/support/site";

import { withinDeliveryTimeout } from "./delivery-timeout";
import { listFollowers } from "./followers";

const SITE_URL = "https://site.example:8443";

let site: TestSite;
let silent: FediversePeer;
beforeAll(async () => {
  silent = await startFediversePeer("silent", "never");
  site = await startFediverseSite(SITE_URL, [silent]);
});
afterAll(async () => {
  await site.close();
  await silent.close();
});

interface DeliveryRow {
  done: boolean;
  later: boolean;
  leased: boolean;
}

async function acceptDeliveries(): Promise<DeliveryRow[]> {
  const { rows } = (await site.db.execute(sql`
    select done_at is not null as done, due_at > now() + interval '30 seconds' as later,
           leased_until is not null and done_at is null as leased
    from fediverse_queue
    where message->>'type' = 'outbox' and message->'activity'->>'type' = 'Accept'
    order by id`)) as unknown as { rows: DeliveryRow[] };
  return rows;
}

test("a follower's server that never answers the Accept: the attempt ends within the timeout and Fedify's retry waits its turn", async () => {
  const follow = await silent.signedPost(
    `${site.url}/fediverse/inbox`,
    silent.follow(`${SITE_URL}/fediverse/site`),
  );
  expect(follow.status).toBe(202);
  await expect
    .poll(async () => (await listFollowers(site.db)).map((row) => row.actorId))
    .toEqual([silent.actorId]);
  // The Accept reached the silent server, which holds the request open.
  await silent.received(1);
  // The attempt is given up (the lease would hold it two minutes), and the
  // retry is queued a minute or more ahead.
  await expect
    .poll(acceptDeliveries, { timeout: 30_000, interval: 500 })
    .toEqual([
      { done: true, later: false, leased: false },
      { done: false, later: true, leased: false },
    ]);
}, 60_000);

test("the deadline is a delivery's alone: a fetch outside one is not cut short", async () => {
  const hanging = await startFediversePeer("hanging", "never");
  const post = (url: string) =>
    fetch(url, { method: "POST", body: "{}" }).then(
      () => "answered",
      (error: unknown) =>
        error instanceof Error && error.name === "TimeoutError"
          ? "timed out"
          : "failed",
    );
  const inside = await withinDeliveryTimeout(
    () => post(hanging.sharedInbox),
    200,
  );
  // Outside a delivery the same request is still waiting when the server
  // closes under it.
  const outside = post(hanging.sharedInbox);
  await hanging.received(2);
  await hanging.close();
  expect([inside, await outside]).toEqual(["timed out", "failed"]);
});
