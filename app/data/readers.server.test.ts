import { sql } from "drizzle-orm";
import type { SQL } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, test } from "vitest";

import { exportArchive } from "~/data/content-archive.server";
import {
  READER_TOTALS_FILE,
  dailyFigures,
  topValues,
  viewsByPost,
  visitorsNow,
} from "~/data/readers.server";
import {
  foldDay,
  insertViews,
  maintainReaders,
  OTHER_VALUE,
  saltFor,
  utcDay,
  visitorKey,
} from "~/data/reader-views.server";
import type { ViewRecord } from "~/data/reader-views.server";
import {
  ARCHIVE_MAX_ENTRIES,
  ARCHIVE_MAX_EXPANDED_BYTES,
} from "~/studio/archive";
import { posts, readerSalts, readerViews } from "~database/schema";
import { readTarGz } from "~database/tar";
import { createTestDatabase, testDatabaseKinds } from "~tests/support/database";
import type { TestDatabase } from "~tests/support/database";
import type { Database } from "~database/client";

const ADDRESS = "198.18.7.42";
const CHROME =
  "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0 Safari/537.36";

function view(at: string, overrides: Partial<ViewRecord> = {}): ViewRecord {
  return {
    viewedAt: new Date(at),
    path: "/about",
    internal: false,
    device: "desktop",
    browser: "Chrome",
    visitorKey: "a",
    ...overrides,
  };
}

/** The one number a query answers (as `value`). */
async function scalar(db: Database, query: SQL): Promise<number | undefined> {
  const result = await db.execute(query);
  return (result as unknown as { rows: Array<{ value: number }> }).rows[0]
    ?.value;
}

test("the visitor key: one visitor, one key a day; another address or agent, another key", () => {
  const key = visitorKey("salt-1", "example.test", ADDRESS, CHROME);
  expect(visitorKey("salt-1", "example.test", ADDRESS, CHROME)).toBe(key);
  expect(visitorKey("salt-2", "example.test", ADDRESS, CHROME)).not.toBe(key);
  expect(visitorKey("salt-1", "example.test", "198.18.7.43", CHROME)).not.toBe(
    key,
  );
  expect(visitorKey("salt-1", "example.test", ADDRESS, "Firefox")).not.toBe(
    key,
  );
  expect(visitorKey("salt-1", "other.test", ADDRESS, CHROME)).not.toBe(key);
  expect(key).not.toContain(ADDRESS);
});

describe.each(testDatabaseKinds)("readership on %s", (kind) => {
  let database: TestDatabase;
  beforeEach(async () => {
    database = await createTestDatabase(kind);
  });
  afterEach(async () => {
    await database.dispose();
  });

  test("the daily work leaves every range of views covered by their index, and the last minutes read through it", async () => {
    const db = database.db;
    // A view a second for five and a half hours, written as batches are:
    // more pages than the index's first range, which it summarizes when it
    // is made.
    const start = Date.parse("2026-11-23T08:00:00Z");
    for (let batch = 0; batch < 40; batch += 1) {
      await insertViews(
        db,
        Array.from({ length: 500 }, (_, index) => {
          const second = batch * 500 + index;
          return view(new Date(start + second * 1000).toISOString(), {
            visitorKey: `v${second % 40}`,
          });
        }),
      );
    }
    const unsummarized = () =>
      scalar(
        db,
        sql`select brin_summarize_new_values('reader_views_viewed_at_idx')::int as value`,
      );
    await maintainReaders(db, new Date("2026-11-23T23:00:00Z"));
    // Nothing left for the index to take in: every page range is summarized.
    expect(await unsummarized()).toBe(0);
    // The last five minutes: 301 views of 40 visitors.
    expect(await visitorsNow(db, new Date(start + 19_999 * 1000))).toBe(40);
    expect(
      (await dailyFigures(db, { from: "2026-11-23", to: "2026-11-23" }))[0],
    ).toEqual({ day: "2026-11-23", views: 20_000, visitors: 40 });
  });

  test("the space of views deleted after 90 days goes to the next ones: the table does not grow with time", async () => {
    const db = database.db;
    // A day's 5,000 views from `at`, a second apart, written as batches are.
    const writeDay = async (at: string) => {
      const views = Array.from({ length: 5000 }, (_, index) =>
        view(new Date(Date.parse(at) + index * 1000).toISOString(), {
          visitorKey: `v${index % 50}`,
        }),
      );
      for (let start = 0; start < views.length; start += 500) {
        await insertViews(db, views.slice(start, start + 500));
      }
    };
    const size = () =>
      scalar(db, sql`select pg_relation_size('reader_views')::int as value`);
    await writeDay("2026-08-20T08:00:00Z");
    const first = (await size()) ?? 0;
    expect(first).toBeGreaterThan(0);
    // A day more than 90 days old: folded, then deleted.
    const report = await maintainReaders(db, new Date("2026-11-23T12:00:00Z"));
    expect(report.deletedViews).toBe(5000);
    await writeDay("2026-11-23T08:00:00Z");
    expect(await size()).toBeLessThanOrEqual(first);
  });

  test("a salt per day; it is deleted 48 hours after its day began", async () => {
    const first = await saltFor(database.db, "2026-11-22");
    expect(await saltFor(database.db, "2026-11-22")).toBe(first);
    const second = await saltFor(database.db, "2026-11-23");
    expect(second).not.toBe(first);
    await maintainReaders(database.db, new Date("2026-11-23T23:59:00Z"));
    expect(
      (await database.db.select().from(readerSalts)).map((row) => row.day),
    ).toEqual(["2026-11-22", "2026-11-23"]);
    const report = await maintainReaders(
      database.db,
      new Date("2026-11-24T00:00:00Z"),
    );
    expect(report.deletedSalts).toBe(1);
    expect(
      (await database.db.select().from(readerSalts)).map((row) => row.day),
    ).toEqual(["2026-11-23"]);
  });

  test("a batch is written view by view: each keeps its own fields, however few of them have one", async () => {
    await insertViews(database.db, [
      view("2026-11-20T10:00:00.123Z", { visitorKey: "k1" }),
      view("2026-11-20T10:00:01Z", {
        path: "/post/a,walk",
        referrerHost: "news.example",
        internal: true,
        utmCampaign: "spring\u001ftalk",
        device: "mobile",
        browser: "Safari",
        visitorKey: "k2",
      }),
      view("2026-11-20T10:00:02Z", {
        path: '/say-"hi"',
        utmSource: "letter",
        visitorKey: "k3",
      }),
    ]);
    const rows = await database.db
      .select()
      .from(readerViews)
      .orderBy(readerViews.viewedAt);
    expect(rows).toEqual([
      {
        viewedAt: new Date("2026-11-20T10:00:00.123Z"),
        path: "/about",
        postId: null,
        referrerHost: null,
        internal: false,
        utmSource: null,
        utmMedium: null,
        utmCampaign: null,
        device: "desktop",
        browser: "Chrome",
        visitorKey: "k1",
      },
      {
        viewedAt: new Date("2026-11-20T10:00:01Z"),
        path: "/post/a,walk",
        postId: null,
        referrerHost: "news.example",
        internal: true,
        utmSource: null,
        utmMedium: null,
        utmCampaign: "springtalk",
        device: "mobile",
        browser: "Safari",
        visitorKey: "k2",
      },
      {
        viewedAt: new Date("2026-11-20T10:00:02Z"),
        path: '/say-"hi"',
        postId: null,
        referrerHost: null,
        internal: false,
        utmSource: "letter",
        utmMedium: null,
        utmCampaign: null,
        device: "desktop",
        browser: "Chrome",
        visitorKey: "k3",
      },
    ]);
  });

  test("a day keeps its most viewed referrers and campaigns; the rest fold into one 'other' row", async () => {
    await insertViews(database.db, [
      // a.example: 3 views, b.example: 2, c and d: 1 each, from 3 visitors.
      ...["x", "y", "z"].map((key) =>
        view("2026-08-01T08:00:00Z", {
          visitorKey: key,
          referrerHost: "a.example",
        }),
      ),
      ...["x", "y"].map((key) =>
        view("2026-08-01T09:00:00Z", {
          visitorKey: key,
          referrerHost: "b.example",
        }),
      ),
      view("2026-08-01T10:00:00Z", {
        visitorKey: "x",
        referrerHost: "c.example",
      }),
      view("2026-08-01T11:00:00Z", {
        visitorKey: "x",
        referrerHost: "d.example",
      }),
    ]);
    await foldDay(database.db, "2026-08-01", 2);
    const range = { from: "2026-08-01", to: "2026-08-01" };
    // Read from the folded rows only: the views of the day are gone.
    await database.db.delete(readerViews);
    expect(await topValues(database.db, "referrer", range, 10)).toEqual([
      { value: "a.example", views: 3, visitors: 3 },
      // Two views of one visitor: one visitor, not two.
      { value: OTHER_VALUE, views: 2, visitors: 1 },
      { value: "b.example", views: 2, visitors: 2 },
    ]);
    // Devices are few whatever visitors send: never folded.
    expect(await topValues(database.db, "device", range, 10)).toEqual([
      { value: "desktop", views: 7, visitors: 3 },
    ]);
  });

  test("days are folded into daily totals; views older than 90 days are deleted, their totals kept", async () => {
    const [post] = await database.db
      .insert(posts)
      .values({
        slug: "a-walk",
        title: "A walk",
        excerpt: "",
        content: "",
        date: "2026-01-01",
        category: "Notes",
        author: "Jordan Avery",
      })
      .returning();
    if (!post) throw new Error("no post");
    await insertViews(database.db, [
      view("2026-08-01T08:00:00Z", { visitorKey: "a" }),
      view("2026-08-01T09:00:00Z", { visitorKey: "a", path: "/music" }),
      view("2026-08-01T10:00:00Z", {
        visitorKey: "b",
        path: "/post/a-walk",
        postSlug: "a-walk",
        referrerHost: "news.example",
        utmCampaign: "autumn",
        utmSource: "letter",
        device: "mobile",
      }),
      view("2026-08-02T10:00:00Z", { visitorKey: "c", internal: true }),
      view("2026-11-23T10:00:00Z", {
        visitorKey: "d",
        path: "/post/a-walk",
        postSlug: "a-walk",
      }),
    ]);
    const now = new Date("2026-11-23T12:00:00Z");
    const report = await maintainReaders(database.db, now);
    expect(report.folded[0]).toBe("2026-08-01");
    expect(report.folded.at(-1)).toBe("2026-11-22");
    // 2026-08-01 and 08-02 are more than 90 days before 11-23.
    expect(report.deletedViews).toBe(4);
    expect(await database.db.select().from(readerViews)).toHaveLength(1);

    const range = { from: "2026-08-01", to: "2026-11-23" };
    const days = await dailyFigures(database.db, range);
    expect(days[0]).toEqual({ day: "2026-08-01", views: 3, visitors: 2 });
    expect(days[1]).toEqual({ day: "2026-08-02", views: 1, visitors: 1 });
    expect(days.at(-1)).toEqual({ day: "2026-11-23", views: 1, visitors: 1 });
    expect(await topValues(database.db, "path", range, 5)).toEqual([
      { value: "/about", views: 2, visitors: 2 },
      { value: "/post/a-walk", views: 2, visitors: 2 },
      { value: "/music", views: 1, visitors: 1 },
    ]);
    expect(await topValues(database.db, "referrer", range, 5)).toEqual([
      // Visitor a twice on one day (once), d on another.
      { value: "", views: 3, visitors: 2 },
      { value: "(internal)", views: 1, visitors: 1 },
      { value: "news.example", views: 1, visitors: 1 },
    ]);
    expect(await topValues(database.db, "campaign", range, 5)).toEqual([
      { value: "autumn / letter / -", views: 1, visitors: 1 },
    ]);
    expect(await topValues(database.db, "post", range, 5)).toEqual([
      { value: post.id, views: 2, visitors: 2 },
    ]);
    // Folding again changes nothing.
    await maintainReaders(database.db, now);
    expect((await dailyFigures(database.db, range))[0]?.views).toBe(3);
    expect((await viewsByPost(database.db, [post.id], now)).get(post.id)).toBe(
      1,
    );
    expect(await visitorsNow(database.db, now)).toBe(0);
    expect(
      await visitorsNow(database.db, new Date("2026-11-23T10:03:00Z")),
    ).toBe(1);
    expect(utcDay(now)).toBe("2026-11-23");
    // The content archive carries the daily totals.
    const archive = await readTarGz(await exportArchive(database.db, now), {
      maxBytes: ARCHIVE_MAX_EXPANDED_BYTES,
      maxEntries: ARCHIVE_MAX_ENTRIES,
    });
    const totals = archive.find((file) =>
      file.path.endsWith(READER_TOTALS_FILE),
    );
    const csv = new TextDecoder().decode(totals?.data);
    expect(csv).toContain('"2026-08-01","total","","3","2"\r\n');
    expect(csv).toContain('"2026-08-01","referrer","news.example","1","1"\r\n');
  });
});
