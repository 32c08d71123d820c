import type { AddressInfo } from "node:net";

import express from "express";
import { afterEach, beforeEach, describe, expect, test } from "vitest";

import { latestViews } from "~/data/readers.server";
import { readerDays, readerSalts, readerViews } from "~database/schema";
import { createLogger } from "~shared/logger";
import { createTestDatabase, testDatabaseKinds } from "~tests/support/database";
import type { TestDatabase, TestDatabaseKind } from "~tests/support/database";

import { pathKey } from "./limits";
import { browserFamily, deviceClass } from "./reader-requests";
import type { NotedView } from "./reader-requests";
import { createReaderRecorder } from "./readers";
import type { ReaderRecorder, ReaderRecorderOptions } from "./readers";

const ADDRESS = "198.18.7.42";
const CHROME =
  "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0 Safari/537.36";
const IPHONE =
  "Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.0 Mobile/15E148 Safari/604.1";

function noted(at: string, overrides: Partial<NotedView> = {}): NotedView {
  return {
    viewedAt: new Date(at),
    path: "/about",
    internal: false,
    device: "desktop",
    browser: "Chrome",
    visitorKey: "",
    address: ADDRESS,
    userAgent: CHROME,
    ...overrides,
  };
}

test("device class and browser family from the user agent", () => {
  expect([deviceClass(CHROME), browserFamily(CHROME)]).toEqual([
    "desktop",
    "Chrome",
  ]);
  expect([deviceClass(IPHONE), browserFamily(IPHONE)]).toEqual([
    "mobile",
    "Safari",
  ]);
  const tablet =
    "Mozilla/5.0 (Linux; Android 14; SM-X710) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0 Safari/537.36";
  expect(deviceClass(tablet)).toBe("tablet");
  expect(
    browserFamily(
      "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0 Safari/537.36 Edg/140.0",
    ),
  ).toBe("Edge");
  expect(
    browserFamily(
      "Mozilla/5.0 (X11; Linux x86_64; rv:140.0) Gecko/20100101 Firefox/140.0",
    ),
  ).toBe("Firefox");
});

test("a client navigation's data request reads its page", () => {
  expect(pathKey("/about.data")).toBe("/about");
  expect(pathKey("/_root.data")).toBe("/");
  expect(pathKey("/")).toBe("/");
  expect(pathKey("/hiking/")).toBe("/hiking");
  expect(pathKey("/Post/%41-walk")).toBe("/post/a-walk");
  expect(pathKey("/post/a-walk")).toBe("/post/a-walk");
});

test("a long path that is not a page is answered at once, not backtracked over", () => {
  // A missing image's path: the pattern once took minutes on such a path,
  // holding every other request on the server.
  const image = `/images/posts/${"missing-picture-check-".repeat(6)}x.webp`;
  expect(pathKey(image)).toBe(image);
  expect(pathKey(`/${"a".repeat(60)}!`)).toBe(`/${"a".repeat(60)}!`);
});

describe.each(testDatabaseKinds)("counting readers on %s", (kind) => {
  let database: TestDatabase;
  let recorder: ReaderRecorder;
  let base: string;
  let close: () => Promise<void>;
  /** The owner's switch (Settings, Readers). */
  let countingOn = true;

  beforeEach(async () => {
    countingOn = true;
    database = await createTestDatabase(kind);
    // Each view at least a millisecond after the last, so the views read
    // back newest first come in the order they were made (two requests in
    // one millisecond tied, and the database may give ties in any order).
    let last = 0;
    recorder = createReaderRecorder({
      db: database.db,
      logger: createLogger("silent"),
      siteUrl: "http://example.test",
      now: () => new Date((last = Math.max(Date.now(), last + 1))),
      counting: () => countingOn,
    });
    const app = express();
    app.set("trust proxy", 1);
    app.use(recorder.middleware);
    app.get("/feed.xml", (_req, res) => {
      res.type("application/xml").send("<rss/>");
    });
    app.get("/missing", (_req, res) => {
      res.status(404).type("html").send("<p>Not found</p>");
    });
    app.get("/{*page}", (req, res) => {
      if (req.path.endsWith(".data")) {
        res.type("text/x-script").send("[]");
      } else {
        res.type("html").send("<p>A page</p>");
      }
    });
    const server = app.listen(0, "127.0.0.1");
    await new Promise((resolve) => server.once("listening", resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    close = () =>
      new Promise((resolve, reject) =>
        server.close((error) => (error ? reject(error) : resolve())),
      );
  });
  afterEach(async () => {
    await close();
    await recorder.stop();
    await database.dispose();
  });

  async function read(path: string, headers: Record<string, string> = {}) {
    const response = await fetch(`${base}${path}`, {
      headers: { "user-agent": CHROME, "x-forwarded-for": ADDRESS, ...headers },
    });
    await response.text();
    expect(response.headers.get("set-cookie")).toBeNull();
  }

  async function counted() {
    await recorder.flush();
    return (await latestViews(database.db, 100)).reverse();
  }

  test("a page and a client navigation count; bots, prefetches, DNT, GPC, the studio, the owner, feeds and errors do not", async () => {
    await read("/about?utm_source=letter&utm_campaign=autumn", {
      referer: "https://news.example/today",
    });
    await read("/music.data?_routes=routes%2Fmusic", {
      referer: "http://example.test/about",
    });
    await read("/hiking", {
      "user-agent":
        "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)",
    });
    await read("/hiking", { "user-agent": "" });
    await read("/hiking.data", { "sec-purpose": "prefetch" });
    await read("/hiking", { purpose: "prefetch" });
    await read("/hiking", { dnt: "1" });
    await read("/hiking", { "sec-gpc": "1" });
    await read("/studio/posts");
    await read("/sign-in");
    await read("/hiking", { cookie: "better-auth.session_token=abc.def" });
    await read("/hiking", {
      cookie: "theme=dark; __Secure-better-auth.session_token=abc.def",
    });
    await read("/feed.xml");
    await read("/missing");
    const views = await counted();
    expect(
      views.map(({ path, referrerHost, internal, utmSource, utmCampaign }) => ({
        path,
        referrerHost,
        internal,
        utmSource,
        utmCampaign,
      })),
    ).toEqual([
      {
        path: "/about",
        referrerHost: "news.example",
        internal: false,
        utmSource: "letter",
        utmCampaign: "autumn",
      },
      {
        path: "/music",
        referrerHost: "example.test",
        internal: true,
        utmSource: null,
        utmCampaign: null,
      },
    ]);
    expect(views[0]?.visitorKey).toBe(views[1]?.visitorKey);
  });

  test("a NUL or other control character from a visitor is cleaned, and later views still count", async () => {
    await read("/about?utm_source=x%00y&utm_campaign=%0Dautumn%0A");
    await read("/post/a%00walk");
    await read("/music");
    const views = await counted();
    expect(
      views.map(({ path, utmSource, utmCampaign }) => ({
        path,
        utmSource,
        utmCampaign,
      })),
    ).toEqual([
      { path: "/about", utmSource: "xy", utmCampaign: "autumn" },
      { path: "/post/awalk", utmSource: null, utmCampaign: null },
      { path: "/music", utmSource: null, utmCampaign: null },
    ]);
  });

  test("a view the database refuses is let go; the rest of its batch is stored", async () => {
    recorder.record(noted("2026-11-20T10:00:00Z", { path: "/a" }));
    recorder.record(
      noted("2026-11-20T10:00:01Z", { path: "/b", utmSource: "x\u0000y" }),
    );
    recorder.record(noted("2026-11-20T10:00:02Z", { path: "/c" }));
    await recorder.flush();
    expect((await counted()).map((view) => view.path)).toEqual(["/a", "/c"]);
    await read("/music");
    expect((await counted()).map((view) => view.path)).toEqual([
      "/a",
      "/c",
      "/music",
    ]);
  });

  test("while the owner has counting off, a read is not noted; on again, it is", async () => {
    countingOn = false;
    await read("/about");
    await read("/music.data?_routes=routes%2Fmusic");
    countingOn = true;
    await read("/hiking");
    expect((await counted()).map((view) => view.path)).toEqual(["/hiking"]);
  });

  test("two visitors are two keys; the address is written nowhere", async () => {
    await read("/about");
    await read("/about", { "x-forwarded-for": "198.18.9.9" });
    await read("/about", { "user-agent": IPHONE });
    const views = await counted();
    expect(new Set(views.map((view) => view.visitorKey)).size).toBe(3);
    expect(views.map((view) => view.device)).toEqual([
      "desktop",
      "desktop",
      "mobile",
    ]);
    const stored = JSON.stringify([
      await database.db.select().from(readerViews),
      await database.db.select().from(readerSalts),
      await database.db.select().from(readerDays),
    ]);
    expect(stored).not.toContain(ADDRESS);
    expect(stored).not.toContain("198.18.9.9");
  });
});

/**
 * What a recorder on a new database wrote, its clock at noon on 23 November
 * (UTC): `record` records, then everything buffered is written.
 */
async function recorded(
  kind: TestDatabaseKind,
  record: (recorder: ReaderRecorder) => unknown,
) {
  const database = await createTestDatabase(kind);
  try {
    const recorder = askingRecorder(database.db, {
      now: () => new Date("2026-11-23T12:00:00Z"),
    });
    try {
      await record(recorder);
      await recorder.flush();
    } finally {
      await recorder.stop();
    }
    return {
      views: await database.db
        .select()
        .from(readerViews)
        .orderBy(readerViews.viewedAt),
      salts: await database.db.select().from(readerSalts),
    };
  } finally {
    await database.dispose();
  }
}

test.each(testDatabaseKinds)(
  "on %s, the same visitor on the same day has one key, the next day a new one",
  async (kind) => {
    const { views, salts } = await recorded(kind, (recorder) => {
      recorder.record(noted("2026-11-22T08:00:00Z"));
      recorder.record(noted("2026-11-22T21:00:00Z", { path: "/music" }));
      recorder.record(noted("2026-11-23T08:00:00Z"));
    });
    expect(views).toHaveLength(3);
    const [first, second, third] = views;
    expect(second?.visitorKey).toBe(first?.visitorKey);
    expect(third?.visitorKey).not.toBe(first?.visitorKey);
    const text = JSON.stringify([views, salts]);
    expect(text).not.toContain(ADDRESS);
    expect(text).not.toContain("198.18");
  },
);

test.each(testDatabaseKinds)(
  "on %s, a view is keyed by its batch, and its address and user agent let go then",
  async (kind) => {
    const seen = [
      noted("2026-11-23T08:00:00Z"),
      noted("2026-11-23T08:01:00Z"),
      noted("2026-11-23T08:02:00Z", { address: "198.18.9.9" }),
    ];
    const { views } = await recorded(kind, (recorder) => {
      for (const view of seen) recorder.record(view);
    });
    // Written, each view holds its key, not what it was made from.
    expect(seen.map((view) => [view.address, view.userAgent])).toEqual([
      ["", ""],
      ["", ""],
      ["", ""],
    ]);
    expect(views.map((row) => row.visitorKey)).toEqual(
      seen.map((view) => view.visitorKey),
    );
    expect(new Set(views.map((row) => row.visitorKey)).size).toBe(2);
  },
);

test(
  "views that arrive during a write wait for a full batch or the next tick",
  { timeout: 120_000 },
  async () => {
    const database = await createTestDatabase("pglite");
    const batches: number[] = [];
    // The real database, with each statement's rows noted as it finishes.
    const db = new Proxy(database.db, {
      get(target, property, receiver) {
        if (property !== "execute")
          return Reflect.get(target, property, receiver);
        return async (query: Parameters<typeof target.execute>[0]) => {
          const before = await target.$count(readerViews);
          const result = await target.execute(query);
          const added = (await target.$count(readerViews)) - before;
          if (added > 0) batches.push(added); // not the daily work's reads

          return result;
        };
      },
    });
    try {
      const recorder = askingRecorder(db, { batchSize: 10 });
      const at = (minute: number) =>
        noted(`2026-11-23T08:${String(minute).padStart(2, "0")}:00Z`);
      try {
        // Ten fill a batch and start its write; five more come in meanwhile.
        for (let minute = 0; minute < 15; minute += 1)
          recorder.record(at(minute));
        await expect.poll(() => database.db.$count(readerViews)).toBe(10);
        // Five more make the next batch of ten.
        for (let minute = 15; minute < 20; minute += 1)
          recorder.record(at(minute));
        await expect.poll(() => database.db.$count(readerViews)).toBe(20);
        recorder.record(at(20));
        await recorder.flush(); // the tick's write: whatever is buffered
      } finally {
        await recorder.stop();
      }
      expect(batches).toEqual([10, 10, 1]);
    } finally {
      await database.dispose();
    }
  },
);

test(
  "a full buffer drops the oldest views and counts them",
  { timeout: 120_000 },
  async () => {
    const database = await createTestDatabase("pglite");
    try {
      const recorder = askingRecorder(database.db, {
        capacity: 3,
        batchSize: 1000,
      });
      try {
        for (const path of ["/a", "/b", "/c", "/d", "/e"]) {
          recorder.record(noted("2026-11-23T08:00:00Z", { path }));
        }
        expect(recorder.dropped()).toBe(2);
        await recorder.flush();
      } finally {
        await recorder.stop();
      }
      const paths = await storedPaths(database);
      expect(paths).toEqual(["/c", "/d", "/e"]);
    } finally {
      await database.dispose();
    }
  },
);

test(
  "views a write could not store are kept for the next, the oldest dropped past the capacity",
  { timeout: 120_000 },
  async () => {
    const database = await createTestDatabase("pglite");
    let down = true;
    // The real database, refusing every statement while it is "down".
    const db = new Proxy(database.db, {
      get(target, property, receiver) {
        if (property !== "execute")
          return Reflect.get(target, property, receiver);
        return (query: Parameters<typeof target.execute>[0]) =>
          down
            ? Promise.reject(new Error("connection refused"))
            : target.execute(query);
      },
    });
    try {
      const recorder = askingRecorder(db, { capacity: 4 });
      try {
        for (const path of ["/a", "/b", "/c"]) {
          recorder.record(noted("2026-11-23T08:00:00Z", { path }));
        }
        await recorder.flush();
        expect(await database.db.$count(readerViews)).toBe(0);
        expect(recorder.dropped()).toBe(0);
        for (const path of ["/d", "/e", "/f"]) {
          recorder.record(noted("2026-11-23T08:01:00Z", { path }));
        }
        expect(recorder.dropped()).toBe(2);
        down = false;
        await recorder.flush();
      } finally {
        await recorder.stop();
      }
      const paths = await storedPaths(database);
      expect(paths).toEqual(["/c", "/d", "/e", "/f"]);
    } finally {
      await database.dispose();
    }
  },
);

/** The paths of the views stored, sorted. */
async function storedPaths(database: TestDatabase): Promise<string[]> {
  return (await database.db.select().from(readerViews))
    .map((view) => view.path)
    .sort();
}

/** A recorder that writes when the test asks (its tick is an hour away) and logs nothing. */
function askingRecorder(
  db: TestDatabase["db"],
  options: Partial<ReaderRecorderOptions> = {},
): ReaderRecorder {
  return createReaderRecorder({
    db,
    logger: createLogger("silent"),
    siteUrl: "http://example.test",
    flushIntervalMs: 3_600_000,
    ...options,
  });
}
