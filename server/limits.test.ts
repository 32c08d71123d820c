import { describe, expect, test } from "vitest";

import { openDatabase } from "~database/client";
import { requestLimits } from "~database/schema";
import { createTestDatabase, testDatabaseKinds } from "~tests/support/database";

import {
  countRequest,
  countRequests,
  sweepRequestCounts,
} from "~database/request-counts";

import { clientKey, pathKey } from "./limits";

describe("who and where a post counts for", () => {
  test("IPv4 as is, IPv4-mapped IPv6 as IPv4, other IPv6 by its /64", () => {
    expect(clientKey("203.0.113.7")).toBe("203.0.113.7");
    expect(clientKey("::ffff:203.0.113.7")).toBe("203.0.113.7");
    expect(clientKey("2001:db8:85a3:1:aaaa:bbbb:cccc:dddd")).toBe(
      "2001:db8:85a3:1::/64",
    );
    expect(clientKey("2001:db8:85a3:1::2")).toBe(
      clientKey("2001:0DB8:85a3:0001:ffff::9"),
    );
    expect(clientKey("::1")).toBe("0:0:0:0::/64");
    expect(clientKey(undefined)).toBe("unknown");
  });

  test("a page and its data requests share one counter", () => {
    expect(pathKey("/contact")).toBe("/contact");
    expect(pathKey("/contact.data")).toBe("/contact");
    expect(pathKey("/Contact/")).toBe("/contact");
    expect(pathKey("/_root.data")).toBe("/");
    expect(pathKey("/")).toBe("/");
  });

  test("every spelling the router matches as one path counts as that path", () => {
    const spellings = [
      "/%63ontact",
      "/c%6Fntact",
      "/%43ONTACT",
      "/CONTACT/",
      "//contact",
      "/contact//",
      "/x/../contact",
      "/x/%2e%2E/contact",
      "/./contact",
      "\\contact",
      "/%43ontact.data",
      "/contact/_.data",
    ];
    for (const spelling of spellings)
      expect({ spelling, key: pathKey(spelling) }).toEqual({
        spelling,
        key: "/contact",
      });
    // A malformed escape is counted as it came, never an error.
    expect(pathKey("/%E0%A4%A")).toBe("/%e0%a4%a");
  });
});

// A new embedded database takes seconds to start on a busy machine.
describe.each(testDatabaseKinds)(
  "request counts on %s",
  { timeout: 60_000 },
  (kind) => {
    test("count up within a window, start again after it, and are swept when their own window ends", async () => {
      const database = await createTestDatabase(kind);
      try {
        // A longer window (an account's sign-in failures) outlives the sweeps
        // that forget the short ones.
        await countRequest(database.db, "sign-in-failures:long", 15 * 60_000);
        const counts = [];
        for (let index = 0; index < 3; index++)
          counts.push((await countRequest(database.db, "k", 400)).count);
        expect(counts).toEqual([1, 2, 3]);
        expect((await countRequest(database.db, "other", 400)).count).toBe(1);
        const both = await countRequests(database.db, ["k", "all"], 400);
        expect(both.map((counted) => counted.count)).toEqual([4, 1]);

        await expect
          .poll(async () => (await countRequest(database.db, "k", 400)).count, {
            interval: 150,
            timeout: 5_000,
          })
          .toBe(1);

        await expect
          .poll(
            async () => {
              await sweepRequestCounts(database.db);
              return database.db
                .select({ key: requestLimits.key, count: requestLimits.count })
                .from(requestLimits);
            },
            { interval: 150, timeout: 5_000 },
          )
          .toEqual([{ key: "sign-in-failures:long", count: 1 }]);
      } finally {
        await database.dispose();
      }
    });
  },
);

describe.skipIf(!process.env.TEST_DATABASE_URL)(
  "request counts across instances",
  () => {
    test("concurrent posts through two connection pools are each counted once", async () => {
      const database = await createTestDatabase("postgres");
      const second = await openDatabase({
        databaseUrl: database.url,
        dataDir: "",
      });
      try {
        const counts = await Promise.all(
          Array.from({ length: 60 }, (_, index) =>
            countRequest(
              index % 2 === 0 ? database.db : second.db,
              "post:203.0.113.7:/contact",
              60_000,
            ).then(({ count }) => count),
          ),
        );
        expect(counts.sort((a, b) => a - b)).toEqual(
          Array.from({ length: 60 }, (_, index) => index + 1),
        );
      } finally {
        await second.close();
        await database.dispose();
      }
    });
  },
);
