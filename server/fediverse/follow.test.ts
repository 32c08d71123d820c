// Following the site from another server, over loopback with real HTTP
// signatures: a signed Follow (draft-cavage or RFC 9421, the two forms
// Mastodon sends) is answered with a signed Accept and the follower stored;
// a signed Undo removes it; a Follow signed with a key its actor does not
// own is refused.
import { preloadedContexts, verifyRequest } from "@fedify/fedify";
import type { DocumentLoader } from "@fedify/fedify";
import { afterAll, beforeAll, expect, test } from "vitest";

import {
  startFediverseSite,
  startFediversePeer,
} from "~tests/support/fediverse-peer";
import type { Delivery, FediversePeer } from "~tests/support/fediverse-peer";
import type { TestSite } from "~tests/support/site";

import { listFollowers } from "./followers";

const SITE_URL = "https://site.example:8443";
const ACTOR = `${SITE_URL}/fediverse/site`;

let site: TestSite;
let sam: FediversePeer;
let kim: FediversePeer;
beforeAll(async () => {
  sam = await startFediversePeer("sam");
  kim = await startFediversePeer("kim");
  site = await startFediverseSite(SITE_URL, [sam, kim]);
});
afterAll(async () => {
  await site.close();
  await sam.close();
  await kim.close();
});

const followOf = (peer: FediversePeer, n = 1) => peer.follow(ACTOR, n);

/** Reads the site's documents (its actor and key) from where it listens. */
const siteLoader: DocumentLoader = async (url) => {
  if (url in preloadedContexts)
    return {
      contextUrl: null,
      documentUrl: url,
      document: preloadedContexts[url],
    };
  const local = url.replace(SITE_URL, site.url);
  const response = await fetch(local, {
    headers: { Accept: "application/activity+json" },
  });
  return {
    contextUrl: null,
    documentUrl: url,
    document: await response.json(),
  };
};

async function signedBySite(peer: FediversePeer, delivery: Delivery) {
  const headers = new Headers();
  for (const [name, value] of Object.entries(delivery.headers))
    if (typeof value === "string") headers.set(name, value);
  const key = await verifyRequest(
    new Request(`${peer.origin}${delivery.path}`, {
      method: "POST",
      headers,
      body: delivery.raw,
    }),
    { documentLoader: siteLoader, contextLoader: siteLoader },
  );
  return key?.ownerId?.href;
}

test("a Follow signed the draft-cavage way is answered with an Accept the site signed, and the follower is stored", async () => {
  const response = await sam.signedPost(
    `${site.url}/fediverse/inbox`,
    followOf(sam),
  );
  expect(response.status).toBe(202);
  const [accept] = await sam.received(1);
  expect(accept?.path).toBe("/users/sam/inbox");
  expect(accept?.body).toMatchObject({
    type: "Accept",
    actor: ACTOR,
    object: { id: `${sam.actorId}/follows/1`, type: "Follow" },
  });
  expect(await signedBySite(sam, accept as Delivery)).toBe(ACTOR);
  expect(await listFollowers(site.db)).toEqual([
    expect.objectContaining({
      actorId: sam.actorId,
      inbox: sam.inbox,
      sharedInbox: sam.sharedInbox,
    }),
  ]);
});

test("a Follow signed the RFC 9421 way is accepted too", async () => {
  const response = await kim.signedPost(
    `${site.url}/fediverse/site/inbox`,
    followOf(kim),
    "rfc9421",
  );
  expect(response.status).toBe(202);
  const [accept] = await kim.received(1);
  expect(accept?.body).toMatchObject({ type: "Accept" });
  await expect
    .poll(async () => (await listFollowers(site.db)).map((row) => row.actorId))
    .toEqual([sam.actorId, kim.actorId]);
});

test("a Follow naming an actor whose key did not sign it is refused with 401", async () => {
  const response = await sam.signedPost(`${site.url}/fediverse/inbox`, {
    ...followOf(sam, 2),
    actor: kim.actorId,
  });
  expect(response.status).toBe(401);
});

test("an Undo of the Follow, signed by the follower, removes it", async () => {
  const response = await kim.signedPost(`${site.url}/fediverse/inbox`, {
    "@context": "https://www.w3.org/ns/activitystreams",
    id: `${kim.actorId}/undo/1`,
    type: "Undo",
    actor: kim.actorId,
    object: followOf(kim),
  });
  expect(response.status).toBe(202);
  await expect
    .poll(async () => (await listFollowers(site.db)).map((row) => row.actorId))
    .toEqual([sam.actorId]);
});
