// Two instances of the site on loopback, each with its own database and
// FEDIVERSE_PRIVATE_PEERS naming the other: B follows A (a Follow signed
// with B's own key, as B's studio would send it), A accepts, A publishes and
// B's inbox takes the signed Create once; B replies, A's owner approves, and
// the reply is what A's post shows, as a visitor's page renders it: B's
// name, B's picture served from A, a link to the original, the counts of
// B's like and boost, and "Follow @alice@..." while A has the social web on.
import { once } from "node:events";
import { createServer } from "node:net";
import type { AddressInfo } from "node:net";

import { signRequest } from "@fedify/fedify";
import { sql } from "drizzle-orm";
import type { RequestHandler } from "express";
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import sharp from "sharp";
import { afterAll, beforeAll, expect, test } from "vitest";

import { FollowHandle, PostResponses } from "~/components/posts/post-responses";
import {
  changeResponse,
  listStudioResponses,
  readPostResponses,
} from "~/data/fediverse-responses.server";
import { writeStoredSettings } from "~/data/site-settings.server";
import type { Database } from "~database/client";
import { publishedPost } from "~tests/support/posts";
import { followHandleOf } from "~shared/fediverse-handle";
import { startTestSite } from "~tests/support/site";
import type { TestSite } from "~tests/support/site";

import { actorKeyPairs } from "./keys";

async function freePort(): Promise<number> {
  const server = createServer().listen(0, "127.0.0.1");
  await once(server, "listening");
  const { port } = server.address() as AddressInfo;
  server.close();
  await once(server, "close");
  return port;
}

const PORTRAIT = "/media/0123456789abcdef0123-480x480.jpg";

let a: TestSite;
let b: TestSite;
let aUrl: string;
let bUrl: string;
beforeAll(async () => {
  const [aPort, bPort] = [await freePort(), await freePort()];
  aUrl = `http://127.0.0.1:${aPort}`;
  bUrl = `http://127.0.0.1:${bPort}`;
  // B's owner picture, as B's media would serve it; A keeps its own copy.
  const portrait = await sharp({
    create: { width: 300, height: 300, channels: 3, background: "#c0392b" },
  })
    .jpeg()
    .toBuffer();
  const page = (): RequestHandler => (req, res) => {
    if (req.path === PORTRAIT) {
      res.type("image/jpeg").send(portrait);
      return;
    }
    res.status(404).end();
  };
  a = await startTestSite(
    {
      SITE_URL: aUrl,
      PORT: String(aPort),
      FEDIVERSE_PRIVATE_PEERS: `127.0.0.1:${bPort}`,
    },
    page,
  );
  b = await startTestSite(
    {
      SITE_URL: bUrl,
      PORT: String(bPort),
      FEDIVERSE_PRIVATE_PEERS: `127.0.0.1:${aPort}`,
    },
    page,
  );
  await writeStoredSettings(a.db, { socialWeb: "on", socialHandle: "alice" });
  await writeStoredSettings(b.db, {
    socialWeb: "on",
    socialHandle: "bob",
    portrait: PORTRAIT,
  });
});
afterAll(async () => {
  await a?.close();
  await b?.close();
});

const AS = "https://www.w3.org/ns/activitystreams";

/** POSTs an activity to `inbox`, signed as B's actor with B's own key. */
async function fromB(inbox: string, activity: Record<string, unknown>) {
  const [rsa] = await actorKeyPairs(b.db);
  if (!rsa) throw new Error("B has no key");
  const request = new Request(inbox, {
    method: "POST",
    headers: { "Content-Type": "application/activity+json" },
    body: JSON.stringify({
      "@context": AS,
      actor: `${bUrl}/fediverse/site`,
      ...activity,
    }),
  });
  return fetch(
    await signRequest(
      request,
      rsa.privateKey,
      new URL(`${bUrl}/fediverse/site#main-key`),
    ),
  );
}

/** What B's inbox took, as its delivery log holds it. */
async function receivedByB(db: Database, type: string): Promise<number> {
  const { rows } = (await db.execute(sql`
    select count(*)::int as n from fediverse_queue
    where message->>'type' = 'inbox' and message->'activity'->>'type' = ${type}
      and done_at is not null`)) as unknown as { rows: Array<{ n: number }> };
  return rows[0]?.n ?? 0;
}

test("B follows A, A accepts, A publishes, B takes the Create once; B replies, A approves, A's post shows it", async () => {
  // A's handle is found on A's host and port.
  const finger = await fetch(
    `${aUrl}/.well-known/webfinger?resource=acct:alice@127.0.0.1:${new URL(aUrl).port}`,
  );
  expect(finger.status).toBe(200);

  const follow = await fromB(`${aUrl}/fediverse/inbox`, {
    id: `${bUrl}/fediverse/site#follow-1`,
    type: "Follow",
    object: `${aUrl}/fediverse/site`,
  });
  expect(follow.status).toBe(202);
  await expect
    .poll(() => receivedByB(b.db, "Accept"), { timeout: 20_000 })
    .toBe(1);

  const postId = await publishedPost(a.db, {
    slug: "for-b",
    title: "For B",
    excerpt: "Across the loopback.",
  });
  await expect
    .poll(() => receivedByB(b.db, "Create"), { timeout: 20_000 })
    .toBe(1);
  const { rows } = (await b.db.execute(sql`
    select message->'activity'->'object'->>'id' as note from fediverse_queue
    where message->'activity'->>'type' = 'Create'`)) as unknown as {
    rows: Array<{ note: string }>;
  };
  expect(rows.map((row) => row.note)).toEqual([
    `${aUrl}/fediverse/posts/${postId}`,
  ]);

  const reply = await fromB(`${aUrl}/fediverse/inbox`, {
    id: `${bUrl}/fediverse/replies/1#create`,
    type: "Create",
    object: {
      id: `${bUrl}/fediverse/replies/1`,
      type: "Note",
      attributedTo: `${bUrl}/fediverse/site`,
      inReplyTo: `${aUrl}/fediverse/posts/${postId}`,
      content: "<p>Well met.</p>",
      to: `${AS}#Public`,
    },
  });
  expect(reply.status).toBe(202);
  await expect
    .poll(async () => (await listStudioResponses(a.db)).length, {
      timeout: 20_000,
    })
    .toBe(1);
  const [waiting] = await listStudioResponses(a.db);
  expect((await readPostResponses(a.db, postId)).replies).toEqual([]);
  expect(
    await changeResponse(a.db, { intent: "approve", id: waiting?.id ?? "" }),
  ).toBe(`@bob@127.0.0.1:${new URL(bUrl).port}`);
  const shown = await readPostResponses(a.db, postId);
  expect(
    shown.replies.map((row) => [row.actorHandle, row.contentHtml]),
  ).toEqual([[`@bob@127.0.0.1:${new URL(bUrl).port}`, "<p>Well met.</p>"]]);

  // B likes and boosts the post too: counts, shown at once.
  for (const [n, type] of [
    [1, "Like"],
    [2, "Announce"],
  ] as const) {
    const response = await fromB(`${aUrl}/fediverse/inbox`, {
      id: `${bUrl}/fediverse/site#${type.toLowerCase()}-${n}`,
      type,
      object: `${aUrl}/fediverse/posts/${postId}`,
    });
    expect(response.status).toBe(202);
  }
  await expect
    .poll(async () => {
      const { likes, boosts } = await readPostResponses(a.db, postId);
      return [likes, boosts];
    })
    .toEqual([1, 1]);

  // What a visitor of A's post sees, rendered as the post page renders it.
  const handle = followHandleOf(
    { socialWeb: "on", socialHandle: "alice" },
    aUrl,
  );
  expect(handle).toBe(`@alice@127.0.0.1:${new URL(aUrl).port}`);
  const html = renderToStaticMarkup(
    createElement(PostResponses, {
      handle: handle ?? "",
      responses: await readPostResponses(a.db, postId),
    }),
  );
  expect(html).toContain(`Follow <code class="select-all">${handle}</code>`);
  expect(html).toContain("1 like · 1 boost");
  expect(html).toContain("<strong>Jordan Avery</strong>");
  expect(html).toContain("<p>Well met.</p>");
  expect(html).toContain(
    `<a href="${bUrl}/fediverse/replies/1" rel="nofollow ugc noopener">The original</a>`,
  );
  // B's picture is A's own: the page names no other server's address but
  // the link to the original, and A serves the picture, resized.
  const avatar = /<img src="([^"]+)"/.exec(html)?.[1] ?? "";
  expect(avatar).toMatch(/^\/fediverse\/avatars\/[0-9a-f]{32}\.webp$/);
  expect(
    html.replaceAll(`href="${bUrl}/fediverse/replies/1"`, ""),
  ).not.toContain(bUrl);
  const picture = await fetch(`${aUrl}${avatar}`);
  expect(picture.headers.get("content-type")).toBe("image/webp");
  const { width, height } = await sharp(
    Buffer.from(await picture.arrayBuffer()),
  ).metadata();
  expect([width, height]).toEqual([96, 96]);
  // Off, pages show no handle to follow.
  expect(
    followHandleOf({ socialWeb: "off", socialHandle: "alice" }, aUrl),
  ).toBe(null);
  expect(
    renderToStaticMarkup(createElement(FollowHandle, { handle: handle ?? "" })),
  ).toContain("from Mastodon or another fediverse service");

  // Once: nothing more reached B.
  await expect
    .poll(async () => {
      const { rows: left } = (await a.db.execute(
        sql`select count(*)::int as n from fediverse_queue where done_at is null`,
      )) as unknown as { rows: Array<{ n: number }> };
      return left[0]?.n;
    })
    .toBe(0);
  expect(await receivedByB(b.db, "Create")).toBe(1);
}, 120_000);
