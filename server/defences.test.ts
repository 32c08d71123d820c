// The server's defences, end to end through the real Express app: a stand-in
// for the pages (the devMiddleware slot, which sits behind every defence)
// answers whatever gets through.
import type { RequestHandler } from "express";
import { describe, expect, test } from "vitest";

import { submitContactMessage } from "~/data/messages.server";
import type { Database } from "~database/client";
import { mailOutbox, messages } from "~database/schema";
import { createTestDatabase } from "~tests/support/database";
import { startTestSite } from "~tests/support/site";

import { POST_SAVE_BODY_BYTES } from "./body-limits";
import { hardenCookie, isStudioPath, signedInHint } from "./security";

const pages: RequestHandler = (req, res) => {
  if (req.path === "/sign-in") {
    res.setHeader("Set-Cookie", [
      "session=abc; Path=/",
      "theme=dark; Path=/; SameSite=None",
    ]);
  }
  res.json({ reached: req.path });
};

const startSite = (
  variables: Record<string, string> = {},
  behind: (db: Database) => RequestHandler = () => pages,
) => startTestSite(variables, behind);

const post = (
  url: string,
  headers: Record<string, string> = {},
  body = "name=Riley",
) =>
  fetch(url, {
    method: "POST",
    headers: {
      "content-type": "application/x-www-form-urlencoded",
      ...headers,
    },
    body,
  });

function directives(csp: string | null): Map<string, string> {
  return new Map(
    (csp ?? "").split(";").map((directive) => {
      const [name = "", ...values] = directive.trim().split(/\s+/);
      return [name, values.join(" ")];
    }),
  );
}

describe("hardenCookie", () => {
  test("adds HttpOnly and SameSite=Lax, and Secure over TLS", () => {
    expect(hardenCookie("a=1; Path=/", false)).toBe(
      "a=1; Path=/; HttpOnly; SameSite=Lax",
    );
    expect(hardenCookie("a=1; Path=/; SameSite=Strict", true)).toBe(
      "a=1; Path=/; HttpOnly; SameSite=Strict; Secure",
    );
    expect(hardenCookie("a=1; SameSite=None; Secure; HttpOnly", false)).toBe(
      "a=1; HttpOnly; SameSite=Lax",
    );
    const once = hardenCookie("a=1; Path=/", true);
    expect(hardenCookie(once, true)).toBe(once);
  });
});

describe("signedInHint", () => {
  test("a session cookie brings a hint script can read, living as long, cleared with it", () => {
    expect(
      signedInHint(
        "better-auth.session_token=abc.def; Max-Age=604800; Path=/; HttpOnly; SameSite=Lax",
        false,
      ),
    ).toBe("signed_in=1; Path=/; Max-Age=604800; SameSite=Lax");
    expect(
      signedInHint("__Secure-better-auth.session_token=abc; Path=/", true),
    ).toBe("signed_in=1; Path=/; SameSite=Lax; Secure");
    expect(
      signedInHint("better-auth.session_token=; Max-Age=0; Path=/", false),
    ).toBe("signed_in=; Path=/; Max-Age=0; SameSite=Lax");
    expect(signedInHint("better-auth.session_data=x; Path=/", false)).toBe(
      undefined,
    );
    expect(signedInHint("notice=sent; Path=/", false)).toBe(undefined);
  });
});

// A new embedded database takes seconds to start on a busy machine.
describe("the site's defences", { timeout: 60_000 }, () => {
  test("every response carries the security headers, with a fresh nonce", async () => {
    const site = await startSite();
    try {
      const first = await fetch(`${site.url}/healthz`);
      const second = await fetch(`${site.url}/healthz`);
      const csp = directives(first.headers.get("content-security-policy"));
      expect(csp.get("script-src")).toMatch(
        /^'self' 'nonce-[A-Za-z0-9+/=]{24}' 'strict-dynamic'$/,
      );
      expect(csp.get("style-src")).toMatch(/^'self' 'nonce-[A-Za-z0-9+/=]+'$/);
      expect(csp.get("style-src-attr")).toBe("'unsafe-inline'");
      expect(csp.get("default-src")).toBe("'self'");
      expect(csp.get("object-src")).toBe("'none'");
      expect(csp.get("base-uri")).toBe("'none'");
      expect(csp.get("form-action")).toBe("'self'");
      expect(csp.get("frame-ancestors")).toBe("'none'");
      // Fetches, fonts, media, the manifest and workers: same origin only,
      // through default-src (no directive of their own may widen it).
      for (const fallback of [
        "connect-src",
        "font-src",
        "media-src",
        "manifest-src",
        "worker-src",
      ]) {
        expect(csp.has(fallback), fallback).toBe(false);
      }
      // Other hosts for images only (a post's image from the web, the
      // map's tiles), and over https only.
      expect(csp.get("img-src")).toBe("'self' data: https:");
      expect(
        [...csp.values()].some((value) => value.includes("unsafe-eval")),
      ).toBe(false);
      expect(second.headers.get("content-security-policy")).not.toBe(
        first.headers.get("content-security-policy"),
      );
      expect(first.headers.get("x-content-type-options")).toBe("nosniff");
      expect(first.headers.get("referrer-policy")).toBe(
        "strict-origin-when-cross-origin",
      );
      expect(first.headers.get("x-frame-options")).toBe("DENY");
      expect(first.headers.get("permissions-policy")).toContain("camera=()");
      expect(first.headers.get("strict-transport-security")).toBeNull();
      expect(first.headers.get("x-powered-by")).toBeNull();
    } finally {
      await site.close();
    }
  });

  test("behind a TLS proxy: HSTS, upgraded requests, Secure cookies, and the public origin may post", async () => {
    const site = await startSite({ TRUST_PROXY: "1" });
    const proxied = {
      "X-Forwarded-Proto": "https",
      "X-Forwarded-Host": "jordanavery.example",
      "X-Forwarded-For": "203.0.113.9",
    };
    try {
      const page = await fetch(`${site.url}/healthz`, { headers: proxied });
      expect(page.headers.get("strict-transport-security")).toBe(
        "max-age=63072000; includeSubDomains",
      );
      expect(page.headers.get("content-security-policy")).toContain(
        "upgrade-insecure-requests",
      );

      const signIn = await post(`${site.url}/sign-in`, {
        ...proxied,
        Origin: "https://jordanavery.example",
      });
      expect(signIn.status).toBe(200);
      expect(signIn.headers.getSetCookie()).toEqual([
        "session=abc; Path=/; HttpOnly; SameSite=Lax; Secure",
        "theme=dark; Path=/; HttpOnly; SameSite=Lax; Secure",
      ]);

      const plain = await post(`${site.url}/sign-in`);
      expect(plain.headers.getSetCookie()).toEqual([
        "session=abc; Path=/; HttpOnly; SameSite=Lax",
        "theme=dark; Path=/; HttpOnly; SameSite=Lax",
      ]);
    } finally {
      await site.close();
    }
  });

  test("posts from another site are refused with 403; the site's own go through", async () => {
    const site = await startSite();
    try {
      const refusals: Array<Record<string, string>> = [
        { Origin: "https://evil.example" },
        { Origin: "null" },
        { Origin: site.url.replace("http:", "https:") },
        { "Sec-Fetch-Site": "cross-site" },
        // Neither Origin nor Sec-Fetch-Site: the Referer says where it came from.
        { Referer: "https://evil.example/form" },
        { Referer: `${site.url}.evil.example/contact` },
        { Referer: "not a url" },
      ];
      for (const headers of refusals) {
        const refused = await post(`${site.url}/contact`, headers);
        expect(refused.status, JSON.stringify(headers)).toBe(403);
        expect(await refused.json()).toMatchObject({ error: "Forbidden" });
      }
      const own = await post(`${site.url}/contact`, {
        Origin: site.url,
        "Sec-Fetch-Site": "same-origin",
      });
      expect(own.status).toBe(200);
      expect(await own.json()).toEqual({ reached: "/contact" });
      const ownReferer = await post(`${site.url}/contact`, {
        Referer: `${site.url}/contact`,
      });
      expect(ownReferer.status).toBe(200);
    } finally {
      await site.close();
    }
  });

  test("bodies over 64 KB are refused with 413, bodies of unknown length with 411", async () => {
    const site = await startSite();
    try {
      const huge = await post(
        `${site.url}/contact`,
        { Accept: "text/html" },
        `message=${"a".repeat(70_000)}`,
      );
      expect(huge.status).toBe(413);
      expect(await huge.text()).toContain("limited to 64 KB");

      const chunked = await fetch(`${site.url}/contact`, {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded" },
        body: new Blob(["name=Riley"]).stream(),
        duplex: "half",
      } as RequestInit);
      expect(chunked.status).toBe(411);

      const fits = await post(
        `${site.url}/contact`,
        {},
        `message=${"a".repeat(60_000)}`,
      );
      expect(fits.status).toBe(200);
    } finally {
      await site.close();
    }
  });

  test("an archive or an image may be larger on every path the router sends to its action", async () => {
    const site = await startSite();
    try {
      const big = `file=${"a".repeat(100_000)}`;
      for (const path of [
        "/studio/export",
        "/studio/export.data",
        "/Studio/Export/",
        "/studio/media.data",
        "/studio/media/upload",
      ]) {
        const response = await post(`${site.url}${path}`, {}, big);
        expect(response.status, path).toBe(200);
      }
      // Everywhere else the form limit holds, the data path included.
      for (const path of ["/studio/posts.data", "/contact.data"]) {
        const response = await post(`${site.url}${path}`, {}, big);
        expect(response.status, path).toBe(413);
      }
    } finally {
      await site.close();
    }
  });

  test("a long post's save (far over 64 KB of JSON) reaches the editor's save; the limit is what its schema accepts", async () => {
    const site = await startSite();
    try {
      const save = (body: string) =>
        fetch(
          `${site.url}/studio/posts/0b0c8d1e-51c6-4c4a-9d7e-0123456789ab/save`,
          {
            method: "POST",
            headers: { "content-type": "application/json" },
            body,
          },
        );
      const post = {
        intent: "autosave",
        baseVersion: 3,
        post: {
          title: "A long walk",
          content: `<p>${"word ".repeat(14_000)}</p>`,
        },
      };
      const long = await save(JSON.stringify(post));
      expect(long.status).toBe(200);
      expect(await long.json()).toEqual({
        reached: "/studio/posts/0b0c8d1e-51c6-4c4a-9d7e-0123456789ab/save",
      });
      const tooLong = await save(" ".repeat(POST_SAVE_BODY_BYTES + 1));
      expect(tooLong.status).toBe(413);
    } finally {
      await site.close();
    }
  });

  test("an eleventh post within a minute is answered 429, in the form the client asked for", async () => {
    const site = await startSite();
    try {
      for (let index = 0; index < 10; index++) {
        expect((await post(`${site.url}/contact`)).status).toBe(200);
      }
      // Another path has a budget of its own.
      expect((await post(`${site.url}/sign-in`)).status).toBe(200);

      const limited = await post(`${site.url}/contact.data`);
      expect(limited.status).toBe(429);
      expect(Number(limited.headers.get("retry-after"))).toBeGreaterThan(0);
      expect(await limited.json()).toMatchObject({
        error: "Too many requests",
        message: expect.stringContaining("Please wait"),
      });

      const page = await post(`${site.url}/contact`, {
        Accept: "text/html,application/xhtml+xml,*/*;q=0.8",
      });
      expect(page.status).toBe(429);
      const html = await page.text();
      expect(html).toContain("<h1>Too many requests</h1>");
      expect(html).toContain("You have sent too many requests");

      // Without a trusted proxy, a made-up X-Forwarded-For changes nothing.
      const spoofed = await post(`${site.url}/contact`, {
        "X-Forwarded-For": "198.51.100.77",
      });
      expect(spoofed.status).toBe(429);
      // Reading is never limited.
      expect((await fetch(`${site.url}/healthz`)).status).toBe(200);
    } finally {
      await site.close();
    }
  });

  test("every spelling of a path shares its limit: encoded, mixed case, dot segments, doubled slashes", async () => {
    const site = await startSite();
    try {
      for (let index = 0; index < 10; index++) {
        expect((await post(`${site.url}/contact`)).status).toBe(200);
      }
      const spellings = [
        "/%63ontact",
        "/c%6Fntact",
        "/%43ONTACT",
        "/CoNtAcT",
        "/contact/",
        "//contact",
        "/x/../contact",
        "/x/%2e%2e/contact",
        "/contact.data",
        "/contact/_.data",
      ];
      for (const spelling of spellings) {
        const answer = await fetch(`${site.url}${spelling}`, {
          method: "POST",
          headers: { "content-type": "application/x-www-form-urlencoded" },
          body: "name=Riley",
        });
        expect({ spelling, status: answer.status }).toEqual({
          spelling,
          status: 429,
        });
      }
    } finally {
      await site.close();
    }
  });

  test("a NUL in the path does not slip past the limit", async () => {
    const site = await startSite();
    try {
      const statuses: number[] = [];
      for (let index = 0; index < 12; index++) {
        statuses.push((await post(`${site.url}/post/a%00`)).status);
      }
      expect(statuses).toEqual([...Array(10).fill(200), 429, 429]);
    } finally {
      await site.close();
    }
  });

  test("one client's posts to all paths together are capped at 20 a minute", async () => {
    const site = await startSite({ TRUST_PROXY: "1" });
    const from = (address: string) => ({ "X-Forwarded-For": address });
    try {
      const statuses: number[] = [];
      for (let index = 0; index < 22; index++) {
        statuses.push(
          (await post(`${site.url}/path-${index}`, from("203.0.113.5"))).status,
        );
      }
      expect(statuses).toEqual([...Array(20).fill(200), 429, 429]);
      // Another client still has its whole budget.
      expect(
        (await post(`${site.url}/contact`, from("203.0.113.6"))).status,
      ).toBe(200);
    } finally {
      await site.close();
    }
  });

  test("one-click unsubscribes from one mailbox provider are not held to a reader's form limit", async () => {
    const site = await startSite({ TRUST_PROXY: "1" });
    const provider = { "X-Forwarded-For": "203.0.113.7" };
    try {
      const statuses: number[] = [];
      for (let index = 0; index < 25; index++) {
        statuses.push(
          (
            await post(
              `${site.url}/newsletter/unsubscribe?token=reader-${index}`,
              provider,
              "List-Unsubscribe=One-Click",
            )
          ).status,
        );
      }
      expect(statuses).toEqual(Array(25).fill(200));
      // The provider's address still has a reader's room on the forms.
      const forms: number[] = [];
      for (let index = 0; index < 11; index++) {
        forms.push((await post(`${site.url}/contact`, provider)).status);
      }
      expect(forms).toEqual([...Array(10).fill(200), 429]);
    } finally {
      await site.close();
    }
  });

  test("a post refused with 429 stores nothing; each accepted one is stored with its notification", async () => {
    // Behind the defences, what the contact action does with a good message.
    const site = await startSite({}, (db) => async (_req, res) => {
      const result = await submitContactMessage(
        db,
        { name: "Riley", email: "riley@example.org", message: "Hello" },
        {
          recipient: "owner@example.org",
          siteUrl: "https://site.example",
          productName: "Seasoned",
        },
      );
      res.json(result);
    });
    try {
      const statuses: number[] = [];
      for (let index = 0; index < 12; index++) {
        statuses.push((await post(`${site.url}/contact`)).status);
      }
      expect(statuses).toEqual([...Array(10).fill(200), 429, 429]);
      const stored = await site.db.select({ id: messages.id }).from(messages);
      expect(stored).toHaveLength(10);
      const queued = await site.db
        .select({ messageId: mailOutbox.messageId })
        .from(mailOutbox);
      expect(queued.map((mail) => mail.messageId).sort()).toEqual(
        stored.map((message) => message.id).sort(),
      );
    } finally {
      await site.close();
    }
  });

  test.skipIf(!process.env.TEST_DATABASE_URL)(
    "the limit holds across two instances on one PostgreSQL",
    async () => {
      const database = await createTestDatabase("postgres");
      const url = database.url ?? "";
      const one = await startSite({ DATABASE_URL: url });
      const two = await startSite({ DATABASE_URL: url });
      try {
        const statuses: number[] = [];
        for (let index = 0; index < 12; index++) {
          const site = index % 2 === 0 ? one : two;
          statuses.push((await post(`${site.url}/contact`)).status);
        }
        expect(statuses).toEqual([...Array(10).fill(200), 429, 429]);
      } finally {
        await one.close();
        await two.close();
        await database.dispose();
      }
    },
  );
});

test("a path is the studio's (and gets its larger post budget) only as the router matches it", () => {
  for (const path of [
    "/studio",
    "/studio/posts",
    "/studio.data",
    "/STUDIO/Posts",
    "/%73tudio",
  ])
    expect({ path, studio: isStudioPath(path) }).toEqual({
      path,
      studio: true,
    });
  for (const path of [
    "/studio/../contact",
    "/studio/%2e%2e/contact",
    "/studios",
    "/contact",
  ])
    expect({ path, studio: isStudioPath(path) }).toEqual({
      path,
      studio: false,
    });
});
