import type { AddressInfo } from "node:net";

import express from "express";
import type { RequestHandler } from "express";
import { expect, test } from "vitest";

import { freshPerResponse } from "~shared/per-response";

import { markPageIncomplete, pageCache } from "./page-cache";
import { pageKey, routeMatcher } from "./page-key";
import { contentSecurityPolicy } from "./security";

/** The app's routes as a build lists them (a few of them). */
const manifest = {
  root: { id: "root", path: "" },
  "routes/home": { id: "routes/home", parentId: "root", index: true },
  "routes/about": { id: "routes/about", parentId: "root", path: "about" },
  "routes/not-found": { id: "routes/not-found", parentId: "root", path: "*" },
};

/** A tiny site: a nonce and form key per response (as securityHeaders makes them), a page that embeds the nonce. */
async function site(options: {
  version: () => number;
  maxAgeMs?: () => number;
  now?: () => number;
  /** Runs before the cache, as the social web's handler does (it adds Vary: Accept). */
  before?: RequestHandler;
}) {
  let renders = 0;
  const app = express();
  if (options.before) app.use(options.before);
  app.use((req, res, next) => {
    Object.assign(res.locals, freshPerResponse());
    res.setHeader("X-Nonce", res.locals.nonce);
    // As securityHeaders does behind a trusted proxy: TLS as the proxy says.
    const secure = req.get("x-forwarded-proto") === "https";
    if (secure) res.setHeader("Strict-Transport-Security", "max-age=60");
    res.locals.policyFor = (inline) => contentSecurityPolicy(inline, secure);
    const nonce = `'nonce-${res.locals.nonce}'`;
    res.setHeader(
      "Content-Security-Policy",
      res.locals.policyFor({ scripts: [nonce], styles: [nonce] }),
    );
    next();
  });
  app.use(
    pageCache({
      maxAgeMs: options.maxAgeMs ?? (() => 60_000),
      contentVersion: options.version,
      now: options.now,
      routesFor: routeMatcher(manifest),
    }),
  );
  app.get("/page", (_req, res) => {
    renders += 1;
    res.setHeader("Content-Type", "text/html; charset=utf-8");
    res.write(`<html><script nonce="${res.locals.nonce}">`);
    res.end(`render ${renders}</script></html>`);
  });
  // Documents whose renderer names their inline code (as entry.server.tsx does).
  app.get("/sealed", (_req, res) => {
    renders += 1;
    res.locals.inlineSources = {
      scripts: ["'sha256-s'"],
      styles: ["'sha256-c'"],
    };
    res.setHeader("Content-Type", "text/html; charset=utf-8");
    res.end(
      `<html><script nonce="${res.locals.nonce}">render ${renders}</script>${"<p>words</p>".repeat(200)}</html>`,
    );
  });
  app.get("/form", (_req, res) => {
    renders += 1;
    res.locals.inlineSources = { scripts: ["'sha256-s'"], styles: [] };
    res.setHeader("Content-Type", "text/html; charset=utf-8");
    res.end(
      `<html><script nonce="${res.locals.nonce}"></script><input value="${res.locals.formKey}"></html>`,
    );
  });
  // A page whose content read failed: it shows an error state until the database is back.
  let failing = true;
  app.get("/failing", (_req, res) => {
    renders += 1;
    if (failing) markPageIncomplete(res);
    res.setHeader("Content-Type", "text/html; charset=utf-8");
    res.end(failing ? "Could not fetch core values." : "Core values");
  });
  // A document streaming a slow section (entry.server.tsx): marked
  // incomplete before its first write, its rest written when the read comes.
  const slowRead = Promise.withResolvers<undefined>();
  app.get("/streamed", (_req, res) => {
    renders += 1;
    markPageIncomplete(res);
    res.setHeader("Content-Type", "text/html; charset=utf-8");
    res.write("<p>Loading values...</p>");
    void slowRead.promise.then(() => res.end("<p>Core values</p>"));
  });
  app.get("/recover", (_req, res) => {
    failing = false;
    res.end("ok");
  });
  app.get("/sitemap.xml", (_req, res) => {
    renders += 1;
    res.setHeader("Content-Type", "application/xml; charset=utf-8");
    res.setHeader("Cache-Control", "public, max-age=300");
    res.end(`<urlset>render ${renders}</urlset>`);
  });
  app.get("/", (_req, res) => {
    renders += 1;
    res.setHeader("Content-Type", "text/html; charset=utf-8");
    res.end(`home, render ${renders}`);
  });
  // A client navigation's data: the routes it names, as React Router answers.
  app.get("/about.data", (req, res) => {
    renders += 1;
    res.setHeader("Content-Type", "text/x-script");
    res.end(`data for ${String(req.query._routes)}, render ${renders}`);
  });
  app.get("/search", (req, res) => {
    renders += 1;
    res.setHeader("Content-Type", "text/html; charset=utf-8");
    res.end(`results for ${String(req.query.q)}, render ${renders}`);
  });
  app.get("/cookie", (_req, res) => {
    renders += 1;
    res.setHeader("Content-Type", "text/html; charset=utf-8");
    res.setHeader("Set-Cookie", "flash=1");
    res.end(`render ${renders}`);
  });
  const server = app.listen(0);
  await new Promise((resolve) => server.once("listening", resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    get: (path: string, init?: RequestInit) => fetch(base + path, init),
    finishSlowRead: () => slowRead.resolve(undefined),
    renders: () => renders,
    close: () => new Promise((resolve) => server.close(resolve)),
  };
}

test("a stored page is sent with this response's nonce, never an earlier one", async () => {
  const s = await site({ version: () => 1 });
  try {
    const first = await s.get("/page");
    const firstBody = await first.text();
    const second = await s.get("/page");
    const secondBody = await second.text();
    expect(s.renders()).toBe(1);
    expect(second.headers.get("x-page-cache")).toBe("hit");
    expect(firstBody).toContain(`nonce="${first.headers.get("x-nonce")}"`);
    expect(secondBody).toContain(`nonce="${second.headers.get("x-nonce")}"`);
    expect(second.headers.get("x-nonce")).not.toBe(
      first.headers.get("x-nonce"),
    );
    expect(secondBody).toContain("render 1");
    expect(second.headers.get("cache-control")).toBe("private, no-cache");
  } finally {
    await s.close();
  }
});

test("a kept document with nothing of its response in it is sent as the same bytes, under a CSP naming its inline code by hash, then as brotli at its best", async () => {
  const s = await site({ version: () => 1 });
  try {
    const first = await s.get("/sealed");
    const body = await first.text();
    expect(first.headers.get("content-security-policy")).toContain(
      `script-src 'self' 'nonce-${first.headers.get("x-nonce")}'`,
    );
    const brotli = { headers: { "accept-encoding": "br" } };
    const second = await s.get("/sealed", brotli);
    expect(second.headers.get("x-page-cache")).toBe("hit");
    expect(await second.text()).toBe(body);
    const policy = second.headers.get("content-security-policy") ?? "";
    expect(policy).toContain("script-src 'self' 'sha256-s';");
    expect(policy).toContain("style-src 'self' 'sha256-c';");
    expect(policy).not.toContain("nonce");
    // The best brotli is made once (a page of the site as it is kept), and sent from then on.
    await expect
      .poll(async () => {
        const hit = await s.get("/sealed", brotli);
        return [hit.headers.get("content-encoding"), await hit.text()];
      })
      .toEqual(["br", body]);
    const identity = await s.get("/sealed");
    expect(identity.headers.get("content-encoding")).toBeNull();
    expect(await identity.text()).toBe(body);
    expect(s.renders()).toBe(1);
  } finally {
    await s.close();
  }
});

test("a page that is also activity JSON says Vary: Accept on every response, the kept one and its brotli too", async () => {
  const s = await site({
    version: () => 1,
    before: (_req, res, next) => {
      res.vary("Accept");
      next();
    },
  });
  try {
    const brotli = { headers: { "accept-encoding": "br" } };
    const first = await s.get("/sealed", brotli);
    expect(first.headers.get("x-page-cache")).toBe("miss");
    expect(first.headers.get("vary")).toBe("Accept");
    const body = await first.text();
    await expect
      .poll(async () => {
        const hit = await s.get("/sealed", brotli);
        return [hit.headers.get("content-encoding"), await hit.text()];
      })
      .toEqual(["br", body]);
    const hit = await s.get("/sealed", brotli);
    expect(hit.headers.get("x-page-cache")).toBe("hit");
    const vary = (hit.headers.get("vary") ?? "").split(/\s*,\s*/);
    expect(vary).toEqual(expect.arrayContaining(["Accept", "Accept-Encoding"]));
    const plain = await s.get("/sealed");
    expect(plain.headers.get("vary")).toBe("Accept");
    expect(s.renders()).toBe(1);
  } finally {
    await s.close();
  }
});

test("one request's TLS is never replayed onto another's response: no HSTS, no upgrade-insecure-requests sealed in", async () => {
  const s = await site({ version: () => 1 });
  try {
    const overTls = { headers: { "x-forwarded-proto": "https" } };
    for (const path of ["/sealed", "/page"]) {
      const first = await s.get(path, overTls);
      expect(first.headers.get("strict-transport-security")).not.toBeNull();
      expect(first.headers.get("content-security-policy")).toContain(
        "upgrade-insecure-requests",
      );
      const plain = await s.get(path);
      expect(plain.headers.get("x-page-cache")).toBe("hit");
      expect(plain.headers.get("strict-transport-security")).toBeNull();
      expect(plain.headers.get("content-security-policy")).not.toContain(
        "upgrade-insecure-requests",
      );
      const secure = await s.get(path, overTls);
      expect(secure.headers.get("x-page-cache")).toBe("hit");
      expect(secure.headers.get("content-security-policy")).toContain(
        "upgrade-insecure-requests",
      );
    }
  } finally {
    await s.close();
  }
});

test("a kept document with a form key is sent with this response's nonce and key, under its nonce", async () => {
  const s = await site({ version: () => 1 });
  try {
    await s.get("/form");
    const hit = await s.get("/form");
    const nonce = hit.headers.get("x-nonce") ?? "";
    expect(hit.headers.get("x-page-cache")).toBe("hit");
    expect(await hit.text()).toContain(`nonce="${nonce}"`);
    expect(hit.headers.get("content-security-policy")).toContain(
      `'nonce-${nonce}'`,
    );
  } finally {
    await s.close();
  }
});

test("the sitemap is kept like a page, with its own caching headers", async () => {
  const s = await site({ version: () => 1 });
  try {
    await s.get("/sitemap.xml");
    const second = await s.get("/sitemap.xml");
    expect(await second.text()).toBe("<urlset>render 1</urlset>");
    expect(second.headers.get("x-page-cache")).toBe("hit");
    expect(second.headers.get("cache-control")).toBe("public, max-age=300");
  } finally {
    await s.close();
  }
});

test("a content change or a visitor with cookies gets a fresh render", async () => {
  let version = 1;
  const s = await site({ version: () => version });
  try {
    await s.get("/page");
    version = 2;
    expect(await (await s.get("/page")).text()).toContain("render 2");
    expect(
      await (await s.get("/page", { headers: { cookie: "session=1" } })).text(),
    ).toContain("render 3");
    expect(await (await s.get("/page")).text()).toContain("render 2");
  } finally {
    await s.close();
  }
});

test("a page lives as long as the lifetime in force when it is asked for", async () => {
  // An hour while the database's notifications arrive, 5 s while they do not.
  let maxAgeMs = 3_600_000;
  // A clock reading of 0 would mean "no start time" to lru-cache.
  let now = 1_000;
  const s = await site({
    version: () => 1,
    maxAgeMs: () => maxAgeMs,
    now: () => now,
  });
  try {
    await s.get("/page");
    now = 61_000;
    expect((await s.get("/page")).headers.get("x-page-cache")).toBe("hit");
    // The listener lost its connection: a page older than the fallback is
    // made again, so a change missed meanwhile shows within it.
    maxAgeMs = 5_000;
    const after = await s.get("/page");
    expect(after.headers.get("x-page-cache")).toBe("miss");
    expect(await after.text()).toContain("render 2");
    now = 66_000;
    expect((await s.get("/page")).headers.get("x-page-cache")).toBe("hit");
    now = 66_001;
    expect(await (await s.get("/page")).text()).toContain("render 3");
  } finally {
    await s.close();
  }
});

test("responses that set cookies are not stored", async () => {
  const s = await site({ version: () => 1 });
  try {
    await s.get("/cookie");
    await s.get("/cookie");
    expect(s.renders()).toBe(2);
  } finally {
    await s.close();
  }
});

test("a lifetime of 0 stores nothing", async () => {
  const s = await site({ version: () => 1, maxAgeMs: () => 0 });
  try {
    await s.get("/page");
    await s.get("/page");
    expect(s.renders()).toBe(2);
  } finally {
    await s.close();
  }
});

test("a page showing a failed read is not kept: the next visitor gets the recovered page", async () => {
  const s = await site({ version: () => 1 });
  try {
    expect(await (await s.get("/failing")).text()).toContain("Could not");
    await s.get("/recover");
    const after = await s.get("/failing");
    expect(after.headers.get("x-page-cache")).toBe("miss");
    expect(await after.text()).toBe("Core values");
    // Once whole, the page is kept as any other.
    expect((await s.get("/failing")).headers.get("x-page-cache")).toBe("hit");
  } finally {
    await s.close();
  }
});

test("a flood of made-up query strings and spellings leaves the real page cached", async () => {
  const s = await site({ version: () => 1 });
  try {
    await s.get("/page");
    const before = s.renders();
    // More distinct URLs than the cache holds (200 entries).
    for (let index = 0; index < 250; index++) {
      expect((await s.get(`/page?x=${index}`)).status).toBe(200);
    }
    for (const spelling of ["/Page", "/%70age", "/page/", "//page"])
      await s.get(spelling);
    const renders = s.renders();
    const again = await s.get("/page");
    expect(again.headers.get("x-page-cache")).toBe("hit");
    expect(s.renders()).toBe(renders);
    // Each made-up URL was answered (rendered), just not kept.
    expect(renders - before).toBeGreaterThanOrEqual(250);
    const repeat = await s.get("/page?x=1");
    expect(repeat.headers.get("x-page-cache")).toBeNull();
  } finally {
    await s.close();
  }
});

test("a flood of reordered and repeated route ids leaves the real pages cached", async () => {
  const s = await site({ version: () => 1 });
  try {
    await s.get("/");
    await s.get("/about.data?_routes=root,routes/about");
    const before = s.renders();
    // More requests than the cache holds (200 entries), each spelling the
    // ids another way: repeated, reordered.
    for (let index = 0; index < 250; index++) {
      const ids = [
        ...Array<string>(1 + (index % 5)).fill("routes/about"),
        ...Array<string>(1 + Math.floor(index / 5)).fill("root"),
      ];
      const spelled = index % 2 ? ids : ids.toReversed();
      expect(
        (await s.get(`/about.data?_routes=${spelled.join(",")}`)).status,
      ).toBe(200);
    }
    // Each was answered from the one kept entry.
    expect(s.renders()).toBe(before);
    expect((await s.get("/")).headers.get("x-page-cache")).toBe("hit");
  } finally {
    await s.close();
  }
});

test("a repeated search is answered from memory, and a flood of searches never pushes a page out", async () => {
  const s = await site({ version: () => 1 });
  try {
    await s.get("/page");
    await s.get("/search?q=alpine+lake");
    const repeat = await s.get("/search?q=alpine%20lake");
    expect(repeat.headers.get("x-page-cache")).toBe("hit");
    expect(await repeat.text()).toBe("results for alpine lake, render 2");
    // More distinct searches than both stores hold together.
    for (let index = 0; index < 320; index++) {
      expect((await s.get(`/search?q=word${index}`)).status).toBe(200);
    }
    const renders = s.renders();
    expect((await s.get("/page")).headers.get("x-page-cache")).toBe("hit");
    // The first searches made way for the later ones.
    expect(
      (await s.get("/search?q=alpine+lake")).headers.get("x-page-cache"),
    ).toBe("miss");
    expect((await s.get("/search?q=word319")).headers.get("x-page-cache")).toBe(
      "hit",
    );
    expect(s.renders()).toBe(renders + 1);
  } finally {
    await s.close();
  }
});

test("the key: one spelling per page, known parameters in order, nothing else", () => {
  const routes = routeMatcher(manifest);
  expect(pageKey("/about")).toBe("/about");
  expect(pageKey("/about.data?_routes=routes/about", routes)).toBe(
    "/about.data?_routes=routes%2Fabout",
  );
  expect(pageKey("/about.data?_routes=routes/made-up", routes)).toBeUndefined();
  // Only the ids the path matches, each once, in the match's order.
  for (const spelling of [
    "routes/about,root",
    "root,routes/about,root",
    "routes/about,routes/about,root",
  ]) {
    expect(pageKey(`/about.data?_routes=${spelling}`, routes)).toBe(
      "/about.data?_routes=root%2Croutes%2Fabout",
    );
  }
  expect(pageKey("/_root.data?_routes=routes/home", routes)).toBe(
    "/_root.data?_routes=routes%2Fhome",
  );
  expect(pageKey("/about.data?_routes=routes/home", routes)).toBeUndefined();
  expect(pageKey("/about.data?_routes=", routes)).toBeUndefined();
  expect(pageKey("/about.data?_routes=root")).toBeUndefined();
  expect(pageKey("/?x=1")).toBeUndefined();
  expect(pageKey("/?utm_source=mail")).toBeUndefined();
  // Archive pages are kept, one entry each; a search by its words and page,
  // however they were spelled in the URL.
  expect(pageKey("/content-hub?page=2")).toBe("/content-hub?page=2");
  expect(pageKey("/content-hub?q=hiking")).toBeUndefined();
  expect(pageKey("/search?q=alpine lake&page=2")).toBe(
    "/search?page=2&q=alpine+lake",
  );
  expect(pageKey("/search?page=2&q=alpine%20lake")).toBe(
    "/search?page=2&q=alpine+lake",
  );
  expect(pageKey("/search?q=alpine&utm_source=mail")).toBeUndefined();
  expect(pageKey("/about?_routes=a&_routes=b")).toBeUndefined();
  for (const spelling of [
    "/About",
    "/%61bout",
    "/about/",
    "//about",
    "/x/../about",
    "/./about",
  ])
    expect(pageKey(spelling)).toBeUndefined();
  expect(pageKey("/")).toBe("/");
});

test("a document that streams is passed through as it comes, and not kept", async () => {
  const s = await site({ version: () => 1 });
  try {
    const response = await s.get("/streamed");
    const reader = response.body?.getReader();
    const first = await reader?.read();
    // The loading text arrived while the rest is still being read.
    expect(new TextDecoder().decode(first?.value)).toContain("Loading values");
    s.finishSlowRead();
    let rest = "";
    for (let chunk = await reader?.read(); chunk && !chunk.done;) {
      rest += new TextDecoder().decode(chunk.value);
      chunk = await reader?.read();
    }
    expect(rest).toContain("Core values");
    const again = await s.get("/streamed");
    expect(again.headers.get("x-page-cache")).toBe("miss");
    await again.text();
    expect(s.renders()).toBe(2);
  } finally {
    await s.close();
  }
});
