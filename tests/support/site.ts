// The whole site for tests: the real Express app (defences, metrics, auth)
// with its request services, on a free port over an in-memory database.
import { once } from "node:events";
import type { AddressInfo } from "node:net";

import type { RequestHandler } from "express";

import type { Database } from "~database/client";
import { createSite } from "~server/app";
import { parseEnv } from "~shared/env";
import { createTestDatabase } from "~tests/support/database";

export interface TestSite {
  url: string;
  db: Database;
  close(): Promise<void>;
}

/**
 * The real Express app (defences, metrics, auth) on a free port over an
 * in-memory database, with `pages` where the React Router build would be.
 * Without a DATABASE_URL the database is a migrated copy with no content:
 * seeding the demo content and pictures for every site was most of what
 * these tests spent, and none of them reads it.
 */
export async function startTestSite(
  variables: Record<string, string> = {},
  pages: (db: Database) => RequestHandler,
): Promise<TestSite> {
  let handler: RequestHandler | undefined;
  const env = parseEnv({
    NODE_ENV: "test",
    DATA_DIR: "memory://",
    LOG_LEVEL: "silent",
    ...variables,
  });
  const site = await createSite({
    env,
    database: env.DATABASE_URL
      ? undefined
      : await createTestDatabase("pglite", {
          contentCacheTtlMs: env.CONTENT_CACHE_SECONDS * 1000,
        }),
    devMiddleware: (req, res, next) => {
      handler ??= pages(site.database.db);
      return handler(req, res, next);
    },
  });
  // PORT, when given, is where it listens (a site whose SITE_URL is its own
  // loopback address, as another server reaches it); otherwise a free port.
  const server = site.app.listen(variables.PORT ? env.PORT : 0, "127.0.0.1");
  await once(server, "listening");
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    db: site.database.db,
    async close() {
      server.close();
      server.closeAllConnections();
      await site.close();
    },
  };
}
