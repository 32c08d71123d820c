// Replies, likes and boosts arriving over loopback, signed: a reply to one
// of the site's posts is stored pending with its HTML sanitised, follows its
// original's edits and deletion; a like and a boost are counted and a Undo
// uncounts; nothing is kept from a blocked server, nor a reply to anything
// else.
import { eq } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, expect, test } from "vitest";

import { fediverseBlocks, fediverseResponses } from "~database/schema";
import {
  startFediverseSite,
  startFediversePeer,
} from "~tests/support/fediverse-peer";
import type { FediversePeer } from "~tests/support/fediverse-peer";
import { publishedPost } from "~tests/support/posts";
import type { TestSite } from "~tests/support/site";

import { AVATAR_SIZE } from "./avatars";
import { sanitizeReply } from "./responses";

const SITE_URL = "https://site.example:8443";
const AS = "https://www.w3.org/ns/activitystreams";

let site: TestSite;
let sam: FediversePeer;
let postId: string;
let note: string;
beforeAll(async () => {
  sam = await startFediversePeer("sam");
  site = await startFediverseSite(SITE_URL, [sam]);
  postId = await publishedPost(site.db, { slug: "asked", title: "Asked" });
  note = `${SITE_URL}/fediverse/posts/${postId}`;
});
afterAll(async () => {
  await site.close();
  await sam.close();
});

const send = (activity: Record<string, unknown>) =>
  sam.signedPost(`${site.url}/fediverse/inbox`, {
    "@context": AS,
    actor: sam.actorId,
    ...activity,
  });

const reply = (n: number, content: string, inReplyTo = note) => ({
  id: `${sam.actorId}/statuses/${n}`,
  type: "Note",
  attributedTo: sam.actorId,
  inReplyTo,
  content,
  url: `${sam.origin}/@sam/${n}`,
  to: AS + "#Public",
});

const responses = () =>
  site.db
    .select({
      kind: fediverseResponses.kind,
      status: fediverseResponses.status,
      contentHtml: fediverseResponses.contentHtml,
      actorHandle: fediverseResponses.actorHandle,
      url: fediverseResponses.url,
      avatar: fediverseResponses.avatar,
    })
    .from(fediverseResponses)
    .where(eq(fediverseResponses.postId, postId))
    .orderBy(fediverseResponses.kind, fediverseResponses.createdAt);

test("incoming HTML keeps paragraphs, breaks and links, and nothing that runs", () => {
  expect(
    sanitizeReply(
      '<p onclick="x()">Hi <a href="javascript:alert(1)">there</a><script>alert(1)</script><br><a href="https://a.example/" class="u-url">a</a></p>',
    ),
  ).toBe(
    '<p>Hi <a rel="nofollow ugc noopener">there</a><br /><a href="https://a.example/" rel="nofollow ugc noopener">a</a></p>',
  );
});

test("a reply is stored pending, sanitised, with its author and original's link; an edit and a deletion follow it", async () => {
  const created = await send({
    id: `${sam.actorId}/statuses/1/activity`,
    type: "Create",
    object: reply(1, "<p>Good <b>one</b><script>x()</script></p>"),
  });
  expect(created.status).toBe(202);
  await expect.poll(responses).toEqual([
    {
      kind: "reply",
      status: "pending",
      contentHtml: "<p>Good one</p>",
      actorHandle: `@sam@${sam.peer}`,
      url: `${sam.origin}/@sam/1`,
      avatar: expect.stringMatching(
        /^\/fediverse\/avatars\/[0-9a-f]{32}\.webp$/,
      ),
    },
  ]);
  // The author's picture is the site's own: a small WebP it serves.
  const [stored] = await responses();
  const picture = await fetch(`${site.url}${stored?.avatar ?? ""}`);
  expect(picture.headers.get("content-type")).toBe("image/webp");
  const { width, height } = await sharp(
    Buffer.from(await picture.arrayBuffer()),
  ).metadata();
  expect([width, height]).toEqual([AVATAR_SIZE, AVATAR_SIZE]);
  await send({
    id: `${sam.actorId}/statuses/1/update`,
    type: "Update",
    object: reply(1, "<p>Good one, edited</p>"),
  });
  await expect
    .poll(async () => (await responses())[0]?.contentHtml)
    .toBe("<p>Good one, edited</p>");
  await send({
    id: `${sam.actorId}/statuses/1/delete`,
    type: "Delete",
    object: { id: `${sam.actorId}/statuses/1`, type: "Tombstone" },
  });
  await expect.poll(responses).toEqual([]);
});

test("a like and a boost are counted, and an Undo uncounts; a reply to something else is not kept", async () => {
  await send({ id: `${sam.actorId}/likes/1`, type: "Like", object: note });
  await send({
    id: `${sam.actorId}/boosts/1`,
    type: "Announce",
    object: `${SITE_URL}/post/asked`,
  });
  await send({
    id: `${sam.actorId}/statuses/2/activity`,
    type: "Create",
    object: reply(2, "<p>Elsewhere</p>", `${sam.origin}/notes/9`),
  });
  await expect
    .poll(async () => (await responses()).map((row) => row.kind))
    .toEqual(["boost", "like"]);
  await send({
    id: `${sam.actorId}/likes/1/undo`,
    type: "Undo",
    object: {
      id: `${sam.actorId}/likes/1`,
      type: "Like",
      actor: sam.actorId,
      object: note,
    },
  });
  await expect
    .poll(async () => (await responses()).map((row) => row.kind))
    .toEqual(["boost"]);
});

test("nothing is kept from a blocked server", async () => {
  await site.db
    .insert(fediverseBlocks)
    .values({ pattern: "127.0.0.1", kind: "server" });
  await send({
    id: `${sam.actorId}/statuses/3/activity`,
    type: "Create",
    object: reply(3, "<p>Blocked</p>"),
  });
  await send({ id: `${sam.actorId}/likes/3`, type: "Like", object: note });
  // The queue is drained when nothing is left undone in it.
  await expect
    .poll(async () => {
      const { rows } = (await site.db.execute(
        "select count(*)::int as n from fediverse_queue where done_at is null",
      )) as unknown as { rows: Array<{ n: number }> };
      return rows[0]?.n;
    })
    .toBe(0);
  expect((await responses()).map((row) => row.kind)).toEqual(["boost"]);
});
