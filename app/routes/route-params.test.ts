// Route parameters no stored row could match (a NUL byte, a slash) are
// answered 404 before any query: a database refuses such text with an
// error, which would otherwise be answered 5xx and logged as a failure.
import { describe, expect, test } from "vitest";

import type { AppServices } from "~/context";
import { createTestDatabase, testDatabaseKinds } from "~tests/support/database";
import { routeArgs, routeContext } from "~tests/support/services";

import { loader as postLoader } from "./post";
import { loader as socialCardLoader } from "./social-card";

const BAD_SLUGS = ["a\u0000", "\u0000", "a\u0001b", "a\\b"];

describe.each(testDatabaseKinds)(
  "route parameters on %s",
  { timeout: 60_000 },
  (kind) => {
    test("a post or its social card with a NUL byte in the slug is 404, with nothing failed or logged", async () => {
      const database = await createTestDatabase(kind);
      const failures: string[] = [];
      const logger = {
        error: (message: string) => failures.push(message),
        warn: (message: string) => failures.push(message),
        info: () => {},
        debug: () => {},
      } as unknown as AppServices["logger"];
      const context = routeContext({
        auth: undefined as unknown as AppServices["auth"],
        db: database.db,
        logger,
        pageIncomplete: () => failures.push("page incomplete"),
      });
      try {
        for (const slug of BAD_SLUGS) {
          const path = `/post/${encodeURIComponent(slug)}`;
          const page = await postLoader(
            routeArgs(
              new Request(`https://site.example${path}`),
              context,
              "/post/:slug",
              {
                slug,
              },
            ),
          );
          expect(page.init?.status, path).toBe(404);
          expect(page.data.post.status).toBe("missing");
          const card = await socialCardLoader(
            routeArgs(
              new Request(`https://site.example/social/post/x.png`),
              context,
              "/social/post/:file",
              { file: `${slug}.png` },
            ),
          );
          expect(card.status).toBe(404);
        }
        expect(failures).toEqual([]);
      } finally {
        await database.close();
      }
    });
  },
);
