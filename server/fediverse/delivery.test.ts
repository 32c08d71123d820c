// Delivery over loopback with real signatures and the site's own queue: a
// follower's server receives a published post's Create once, at its shared
// inbox, signed by the site; a server answering 410 for good loses its
// followers.
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, expect, test } from "vitest";

import {
  startFediverseSite,
  startFediversePeer,
} from "~tests/support/fediverse-peer";
import type { FediversePeer } from "~tests/support/fediverse-peer";
import { publishedPost } from "~tests/support/posts";
import type { TestSite } from "~tests/support/site";

import { listFollowers } from "./followers";

const SITE_URL = "https://site.example:8443";
const ACTOR = `${SITE_URL}/fediverse/site`;

let site: TestSite;
let sam: FediversePeer;
let gone: FediversePeer;
beforeAll(async () => {
  sam = await startFediversePeer("sam");
  gone = await startFediversePeer("gone", 410);
  site = await startFediverseSite(SITE_URL, [sam, gone]);
});
afterAll(async () => {
  await site.close();
  await sam.close();
  await gone.close();
});

const follow = (peer: FediversePeer) =>
  peer.signedPost(`${site.url}/fediverse/inbox`, peer.follow(ACTOR));

async function pending(): Promise<number> {
  const { rows } = (await site.db.execute(sql`
    select (select count(*) from fediverse_queue where done_at is null)
         + (select count(*) from fediverse_events where done_at is null) as n`)) as unknown as {
    rows: Array<{ n: number | string }>;
  };
  return Number(rows[0]?.n ?? 0);
}

test("a published post reaches a follower's shared inbox once, as a signed Create", async () => {
  expect((await follow(sam)).status).toBe(202);
  await sam.received(1);
  const id = await publishedPost(site.db, {
    slug: "to-followers",
    title: "To followers",
    excerpt: "Sent once.",
  });
  const deliveries = await sam.received(2);
  const create = deliveries[1];
  expect(create?.path).toBe("/inbox");
  expect(
    create?.headers["signature-input"] ?? create?.headers.signature,
  ).toBeTruthy();
  expect(create?.body).toMatchObject({
    type: "Create",
    actor: ACTOR,
    object: {
      type: "Note",
      id: `${SITE_URL}/fediverse/posts/${id}`,
      url: `${SITE_URL}/post/to-followers`,
    },
  });
  await expect.poll(pending, { timeout: 15_000 }).toBe(0);
  expect(
    sam.deliveries.filter((delivery) => delivery.body.type === "Create"),
  ).toHaveLength(1);
});

test("a follower whose server answers 410 is dropped", async () => {
  expect((await follow(gone)).status).toBe(202);
  await gone.received(1);
  await expect
    .poll(async () => (await listFollowers(site.db)).map((row) => row.actorId))
    .toEqual([sam.actorId]);
});
