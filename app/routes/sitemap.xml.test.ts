// The sitemap's loader on its own: a failed posts read is logged and kept out
// of the page cache, rather than answered as a sitemap without posts.
import { sql } from "drizzle-orm";
import { describe, expect, test } from "vitest";

import { posts } from "~database/schema";
import { createAuthTestDatabase } from "~tests/support/auth";
import type { AuthTestDatabase } from "~tests/support/auth";
import { testDatabaseKinds } from "~tests/support/database";
import { routeArgs, routeContext } from "~tests/support/services";

import { loader } from "./sitemap.xml";

async function getSitemap({ auth, db }: AuthTestDatabase) {
  const logged: Array<{ msg: string; what: unknown }> = [];
  let incomplete = 0;
  const context = routeContext({
    auth,
    db,
    logger: {
      debug: () => {},
      info: () => {},
      warn: () => {},
      error: (msg, fields) => logged.push({ msg, what: fields?.what }),
    },
    pageIncomplete: () => (incomplete += 1),
    inlineSources: () => {},
  });
  const request = new Request("https://site.example/sitemap.xml");
  const response = await loader(
    routeArgs(request, context, "/sitemap.xml", {}),
  );
  return { response, body: await response.text(), logged, incomplete };
}

describe.each(testDatabaseKinds)(
  "the sitemap on %s",
  { timeout: 60_000 },
  (kind) => {
    test("lists every post; a failed posts read answers 503, logged and not kept, never an empty sitemap", async () => {
      const database = await createAuthTestDatabase(kind);
      try {
        await database.db.insert(posts).values({
          slug: "first-light",
          title: "First light",
          excerpt: "Up early.",
          content: "<p>Up early.</p>",
          date: "2026-05-01",
          category: "Hiking & Nature",
          author: "Jordan",
        });
        const good = await getSitemap(database);
        expect(good.response.status).toBe(200);
        expect(good.body).toContain("https://site.example/post/first-light");
        expect(good).toMatchObject({ logged: [], incomplete: 0 });

        await database.db.execute(sql.raw("alter table posts rename to gone"));
        const failed = await getSitemap(database);
        expect(failed.response.status).toBe(503);
        expect(failed.response.headers.get("Cache-Control")).toBe("no-store");
        expect(failed.response.headers.get("Retry-After")).toBe("60");
        expect(failed.body).not.toContain("<urlset");
        expect(failed.logged).toEqual([
          { msg: "content read failed", what: "sitemap posts" },
        ]);
        expect(failed.incomplete).toBe(1);
      } finally {
        await database.dispose();
      }
    });
  },
);
