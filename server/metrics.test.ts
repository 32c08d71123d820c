// /metrics through the real Express app: off without METRICS_TOKEN, closed
// without the token, and with it the figures an operator watches.
import { describe, expect, test } from "vitest";

import { submitContactMessage } from "~/data/messages.server";
import { startTestSite } from "~tests/support/site";

import { routeLabeller } from "./metrics";
import { coreValues } from "~database/schema";

const TOKEN = "scrape-token-0123456789";

const startSite = (variables: Record<string, string> = {}) =>
  startTestSite(variables, () => (req, res) => {
    res.status(req.path === "/missing" ? 404 : 200).send("page");
  });

const scrape = (url: string, token?: string) =>
  fetch(`${url}/metrics`, {
    headers: token ? { authorization: `Bearer ${token}` } : {},
  });

/** The value of one sample line, e.g. `mail_outbox_pending 1`. */
function sample(text: string, series: string): number | undefined {
  const line = text.split("\n").find((row) => row.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
}

describe("GET /metrics", { timeout: 60_000 }, () => {
  test("is not there unless METRICS_TOKEN is set", async () => {
    const site = await startSite();
    try {
      const response = await scrape(site.url, TOKEN);
      expect(await response.text()).toBe("page");
    } finally {
      await site.close();
    }
  });

  test("asks for the token, and refuses a wrong one", async () => {
    const site = await startSite({ METRICS_TOKEN: TOKEN });
    try {
      const none = await scrape(site.url);
      expect(none.status).toBe(401);
      expect(none.headers.get("www-authenticate")).toMatch(/^Bearer/);
      expect((await scrape(site.url, `${TOKEN}x`)).status).toBe(401);
      expect(await (await scrape(site.url, `${TOKEN}x`)).text()).not.toContain(
        "http_requests_total",
      );
    } finally {
      await site.close();
    }
  });

  test("counts requests by route and status, the mail queue and its outcomes, and event-loop lag", async () => {
    const site = await startSite({ METRICS_TOKEN: TOKEN });
    try {
      await fetch(`${site.url}/healthz`);
      await fetch(`${site.url}/missing`);
      // The same page twice: this site's stand-in pages are never kept.
      for (let fetched = 0; fetched < 2; fetched += 1)
        expect((await fetch(`${site.url}/about`)).status).toBe(200);
      // A content read twice: from the database, then from the cache.
      for (let read = 0; read < 2; read += 1)
        await site.db.select().from(coreValues);
      const stored = await submitContactMessage(
        site.db,
        { name: "Riley", email: "riley@example.org", message: "Hello there" },
        {
          recipient: "owner@example.org",
          siteUrl: "https://site.example",
          productName: "Seasoned",
        },
      );
      expect(stored.ok).toBe(true);

      const response = await scrape(site.url, TOKEN);
      expect(response.status).toBe(200);
      expect(response.headers.get("content-type")).toMatch(/^text\/plain/);
      const text = await response.text();
      expect(
        sample(
          text,
          'http_requests_total{method="GET",route="/healthz",status="200"}',
        ),
      ).toBe(1);
      expect(
        sample(
          text,
          'http_requests_total{method="GET",route="app",status="404"}',
        ),
      ).toBe(1);
      expect(text).toContain(
        'http_request_duration_seconds_bucket{le="10",method="GET",route="/healthz"} 1',
      );
      // The worker may have taken the message already (without SMTP_URL it logs it).
      expect(
        (sample(text, "mail_outbox_pending") ?? 0) +
          (sample(text, 'mail_delivery_attempts_total{outcome="sent"}') ?? 0),
      ).toBe(1);
      expect(
        sample(text, "mail_outbox_oldest_pending_seconds"),
      ).toBeGreaterThanOrEqual(0);
      expect(sample(text, "database_up")).toBe(1);
      expect(
        sample(text, 'mail_delivery_attempts_total{outcome="failed"}'),
      ).toBe(0);
      // At least the second read hit, and at least the first missed.
      expect(sample(text, "content_cache_hit_ratio")).toBeGreaterThan(0);
      expect(sample(text, "content_cache_hit_ratio")).toBeLessThan(1);
      expect(sample(text, "page_cache_hit_ratio")).toBe(0);
      expect(text).toContain("nodejs_eventloop_lag_seconds");
      expect(text).toContain('content_listener_state{state="listening"} 1');
    } finally {
      await site.close();
    }
  });
});

describe("route labels", () => {
  const label = routeLabeller({
    root: { id: "root", path: "" },
    "routes/home": { id: "routes/home", parentId: "root", index: true },
    "routes/post": { id: "routes/post", parentId: "root", path: "post/:slug" },
    "routes/contact": {
      id: "routes/contact",
      parentId: "root",
      path: "contact",
    },
    "routes/not-found": { id: "routes/not-found", parentId: "root", path: "*" },
  });

  test("name the route pattern, never the URL, so the series stay few", () => {
    expect(label("/")).toBe("/");
    expect(label("/post/first-light")).toBe("/post/:slug");
    expect(label("/post/another")).toBe("/post/:slug");
    expect(label("/contact.data")).toBe("/contact (data)");
    expect(label("/_root.data")).toBe("/ (data)");
    expect(label("/anything/else")).toBe("/*");
  });
});
