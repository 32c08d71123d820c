// The social web through the real Express app: nothing answers while the
// owner has it off; on, WebFinger finds the actor, NodeInfo describes the
// site, the actor carries what Mastodon shows and verifies with, post pages
// and the home page answer activity JSON when asked, and an unsigned
// delivery is refused.
import { afterAll, beforeAll, describe, expect, test } from "vitest";

import { writeStoredSettings } from "~/data/site-settings.server";
import { publishedPost } from "~tests/support/posts";
import { startTestSite } from "~tests/support/site";
import type { TestSite } from "~tests/support/site";

const ACTIVITY = "application/activity+json";
const SITE_URL = "https://site.example:8443";

let site: TestSite;
beforeAll(async () => {
  site = await startTestSite({ SITE_URL }, () => (_req, res) => {
    res.status(404).type("text/html").send("<p>the site's page</p>");
  });
  await publishedPost(site.db, {
    slug: "on-the-ridge",
    title: "On the ridge",
    excerpt: "Wind, and a long way down.",
    category: "Trail Running",
  });
});
afterAll(() => site.close());

const get = (path: string, accept = ACTIVITY) =>
  fetch(`${site.url}${path}`, { headers: { Accept: accept } });
const webfinger = (resource: string) =>
  get(`/.well-known/webfinger?resource=${encodeURIComponent(resource)}`);

describe("off (the default)", () => {
  test("WebFinger, NodeInfo, the actor and the inboxes are the site's 404, and pages stay pages", async () => {
    for (const response of [
      await webfinger("acct:jordan@site.example:8443"),
      await get("/.well-known/nodeinfo"),
      await get("/fediverse/site"),
      await fetch(`${site.url}/fediverse/inbox`, {
        method: "POST",
        headers: { "Content-Type": ACTIVITY },
        body: "{}",
      }),
    ]) {
      expect(response.status).toBe(404);
      expect(await response.text()).toBe("<p>the site's page</p>");
    }
    const post = await get("/post/on-the-ridge");
    expect(post.headers.get("content-type")).toMatch(/text\/html/);
    // Pages are only pages: nothing for a cache to keep apart.
    const vary = (post.headers.get("vary") ?? "").split(/\s*,\s*/);
    expect(vary).not.toContain("Accept");
  });
});

describe("on", () => {
  beforeAll(async () => {
    await writeStoredSettings(site.db, {
      socialWeb: "on",
      socialHandle: "jordan",
      portrait: "/media/0123456789abcdef0123-480x480.jpg",
    });
  });

  test("WebFinger finds the actor by the handle on SITE_URL's host and port, and nothing else", async () => {
    const response = await webfinger("acct:jordan@site.example:8443");
    expect(response.status).toBe(200);
    const body = (await response.json()) as {
      subject: string;
      links: Array<{ rel: string; type?: string; href?: string }>;
    };
    expect(body.subject).toBe("acct:jordan@site.example:8443");
    expect(body.links).toContainEqual(
      expect.objectContaining({
        rel: "self",
        type: ACTIVITY,
        href: `${SITE_URL}/fediverse/site`,
      }),
    );
    expect((await webfinger("acct:someone@site.example:8443")).status).toBe(
      404,
    );
  });

  test("NodeInfo names the site's software and its posts", async () => {
    const links = (await (await get("/.well-known/nodeinfo")).json()) as {
      links: Array<{ href: string }>;
    };
    expect(links.links[0]?.href).toBe(`${SITE_URL}/nodeinfo/2.1`);
    const info = (await (await get("/nodeinfo/2.1")).json()) as {
      protocols: string[];
      usage: { localPosts: number };
      openRegistrations: boolean;
    };
    expect(info.protocols).toEqual(["activitypub"]);
    expect(info.usage.localPosts).toBe(1);
    expect(info.openRegistrations).toBe(false);
  });

  test("the actor is a Person with its name, bio, pictures, inboxes, collections and keys; the home page asked for JSON is the same", async () => {
    const response = await get("/fediverse/site");
    expect(response.status).toBe(200);
    expect(response.headers.get("vary")).toMatch(/Accept/);
    const actor = (await response.json()) as Record<string, unknown>;
    expect(actor).toMatchObject({
      id: `${SITE_URL}/fediverse/site`,
      type: "Person",
      preferredUsername: "jordan",
      name: "Jordan Avery",
      url: `${SITE_URL}/`,
      inbox: `${SITE_URL}/fediverse/site/inbox`,
      outbox: `${SITE_URL}/fediverse/site/outbox`,
      followers: `${SITE_URL}/fediverse/site/followers`,
      endpoints: { sharedInbox: `${SITE_URL}/fediverse/inbox` },
      icon: {
        type: "Image",
        url: `${SITE_URL}/media/0123456789abcdef0123-480x480.jpg`,
      },
      image: { type: "Image", url: `${SITE_URL}/social/site.png` },
      publicKey: {
        owner: `${SITE_URL}/fediverse/site`,
        publicKeyPem: expect.stringMatching(/^-----BEGIN PUBLIC KEY-----/),
      },
    });
    expect(actor.summary).toMatch(/^<p>.+<\/p>$/);
    expect(actor.assertionMethod).toHaveLength(2);
    expect(JSON.stringify(actor)).not.toMatch(/PRIVATE/);

    const home = (await (await get("/")).json()) as { id: string };
    expect(home.id).toBe(`${SITE_URL}/fediverse/site`);
  });

  test("a post page answers its Article when asked for activity JSON, and its page otherwise", async () => {
    const article = (await (await get("/post/on-the-ridge")).json()) as Record<
      string,
      unknown
    >;
    expect(article).toMatchObject({
      id: `${SITE_URL}/post/on-the-ridge`,
      type: "Article",
      name: "On the ridge",
      summary: "Wind, and a long way down.",
      attributedTo: `${SITE_URL}/fediverse/site`,
      tag: { type: "Hashtag", name: "#TrailRunning" },
    });
    const page = await get("/post/on-the-ridge", "text/html");
    expect(await page.text()).toBe("<p>the site's page</p>");
    // The page and the JSON share an address: shared caches keep them apart.
    for (const path of ["/", "/post/on-the-ridge"]) {
      for (const accept of [ACTIVITY, "text/html"]) {
        const vary = (await get(path, accept)).headers.get("vary") ?? "";
        expect(vary.split(/\s*,\s*/)).toContain("Accept");
      }
    }
    expect((await get("/post/no-such-post")).status).toBe(404);
  });

  test("who follows is not published", async () => {
    expect((await get("/fediverse/site/followers")).status).toBe(401);
  });

  test("a delivery without a valid signature is refused with 401, and a body over the limit with 413", async () => {
    const follow = JSON.stringify({
      "@context": "https://www.w3.org/ns/activitystreams",
      id: "https://elsewhere.example/follows/1",
      type: "Follow",
      actor: "https://elsewhere.example/users/sam",
      object: `${SITE_URL}/fediverse/site`,
    });
    for (const path of ["/fediverse/inbox", "/fediverse/site/inbox"]) {
      const response = await fetch(`${site.url}${path}`, {
        method: "POST",
        headers: { "Content-Type": ACTIVITY },
        body: follow,
      });
      expect(response.status).toBe(401);
    }
    const forged = await fetch(`${site.url}/fediverse/inbox`, {
      method: "POST",
      headers: {
        "Content-Type": ACTIVITY,
        Date: new Date().toUTCString(),
        Signature:
          'keyId="https://elsewhere.example/users/sam#main-key",algorithm="rsa-sha256",headers="(request-target) host date",signature="Zm9yZ2Vk"',
      },
      body: follow,
    });
    expect(forged.status).toBe(401);
    const huge = await fetch(`${site.url}/fediverse/inbox`, {
      method: "POST",
      headers: { "Content-Type": ACTIVITY },
      body: JSON.stringify({ padding: "x".repeat(200_000) }),
    });
    expect(huge.status).toBe(413);
  });
});
