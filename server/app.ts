import path from "node:path";
import { constants as zlibConstants } from "node:zlib";

import { createRequestHandler } from "@react-router/express";
import compression from "compression";
import express from "express";
import type { RequestHandler } from "express";
import { RouterContextProvider } from "react-router";
import type { ServerBuild } from "react-router";

import { createAuth, resolveAuthSecret } from "~/auth/auth.server";
import { issueSetupToken, setupAddress } from "~/auth/setup.server";
import { servicesContext } from "~/context";
import { createSettingsStore } from "~/data/site-settings.server";
import { importDemoPictures } from "~/studio/media/demo-pictures.server";
import { openDatabase } from "~database/client";
import type { DatabaseHandle } from "~database/client";
import type { ContentListenerStatus } from "~database/content-listener";
import { importContent } from "~database/seed";
import { parseEnv } from "~shared/env";
import type { Env } from "~shared/env";
import { errorMessage } from "~shared/error-message";
import { createLogger } from "~shared/logger";
import type { Logger } from "~shared/logger";

import { authRoutes, clientAddress, signInLoadShedding } from "./auth-route";
import { startBackups } from "./backups";
import { bodyLimitFor } from "./body-limits";
import { fediverseInboxLimit, startFediverse } from "./fediverse/start";
import { bodyLimit } from "./limits";
import { sitePostLimits } from "./post-limits";
import { createMetrics } from "./metrics";
import { startSiteNewsletter } from "./newsletter-worker";
import { senderOf, startOutbox, warnIfMailIsOff } from "./outbox";
import { markPageIncomplete, pageCache } from "./page-cache";
import { routeMatcher } from "./page-key";
import { staticFiles } from "./precompressed";
import { problemHandler } from "./problem";
import { createReaderRecorder } from "./readers";
import { requestLog } from "./request-log";
import { startStudioScheduler } from "./studio-scheduler";
import {
  cookiePolicy,
  forwardedHost,
  sameOriginWrites,
  securityHeaders,
  studioHeaders,
} from "./security";

export interface SiteOptions {
  env?: Env;
  /** Directory of the client build; served with long-lived caching for hashed assets. */
  clientDir?: string;
  /** Vite's dev middleware, in development only. */
  devMiddleware?: RequestHandler;
  /**
   * A database the caller opened (a prepared copy, as the tests use). It is
   * migrated like any other but never seeded: what it holds is the caller's.
   */
  database?: DatabaseHandle;
}

export interface Site {
  app: express.Express;
  env: Env;
  logger: Logger;
  database: DatabaseHandle;
  /** Stops background work (the mail outbox, the studio scheduler) and closes the database; call after the HTTP server has drained. */
  close(): Promise<void>;
}

/**
 * One log line per change of the content listener's state: while it is not
 * listening, cached content falls back to a short TTL (docs/decisions/013).
 */
function logContentListener(database: DatabaseHandle, logger: Logger) {
  const log = ({ state, error, retryInMs }: ContentListenerStatus) => {
    if (state === "reconnecting") {
      logger.warn("content listener", { state, error, retryInMs });
    } else {
      logger.info("content listener", { state });
    }
  };
  const { contentListener } = database;
  if (contentListener.state !== "off") log({ state: contentListener.state });
  contentListener.onStateChange(log);
}

/**
 * On a site without an owner, a one-time setup address for the browser
 * (app/auth/setup.server.ts). It goes to the terminal as plain text, apart
 * from the JSON log: it is the one secret the site prints, and it is void
 * once used, after 24 hours, or once an owner exists.
 */
async function printSetupAddress(
  database: DatabaseHandle,
  env: Env,
  logger: Logger,
) {
  const token = await issueSetupToken(database.db);
  if (!token) return;
  process.stdout.write(
    [
      "",
      "This site has no owner yet. To create the owner's account, open this",
      "one-time address in a browser (it works once, for 24 hours; each start",
      "while there is no owner prints a new one):",
      "",
      `  ${setupAddress(env.SITE_URL, token)}`,
      "",
      "",
    ].join("\n"),
  );
  logger.info("no owner yet: the one-time setup address is printed above");
}

/**
 * Builds the whole site: opens the database, applies migrations, seeds a new
 * embedded database, and returns the Express app ready to listen.
 */
export async function createSite(options: SiteOptions = {}): Promise<Site> {
  const env = options.env ?? parseEnv();
  const logger = createLogger(env.LOG_LEVEL);
  const database =
    options.database ??
    (await openDatabase({
      databaseUrl: env.DATABASE_URL,
      dataDir: env.DATA_DIR,
      contentCacheTtlMs: env.CONTENT_CACHE_SECONDS * 1000,
      logger,
    }));
  logContentListener(database, logger);
  await database.migrate();
  if (database.created && !options.database) {
    const report = await importContent(database.db, path.resolve("content"));
    const pictures = await importDemoPictures(
      database.db,
      path.resolve("public"),
    );
    logger.info("seeded new embedded database", {
      records: report.records,
      pictures,
    });
  }
  const settingsStore = createSettingsStore(
    database.db,
    database.contentCache,
    {
      onReadFailure: (error) =>
        logger.warn("site settings unreadable; the last known are used", {
          error: errorMessage(error),
        }),
    },
  );
  // Read once now, so the answers that take the last known settings without
  // waiting (the server's own error pages) have them from the first request.
  await settingsStore.current();

  const auth = createAuth(database.db, {
    siteUrl: env.SITE_URL,
    trustedOrigins: env.SIGN_IN_ORIGINS,
    secret: await resolveAuthSecret(database.db, env.BETTER_AUTH_SECRET),
    logger,
    // The outbox starts below; a reset mail is only queued once requests come.
    mail: env.SMTP_URL
      ? { nudge: () => outbox.nudge(), settings: () => settingsStore.current() }
      : undefined,
  });
  await printSetupAddress(database, env, logger);

  warnIfMailIsOff(env.SMTP_URL, logger);

  const loadBuild = () =>
    import("virtual:react-router/server-build") as Promise<ServerBuild>;
  // Given a function, React Router imports the build and rebuilds its route
  // tables on every request, which only the dev server (where the code
  // changes underneath) needs; in production it is work on every request
  // for nothing.
  const build = options.devMiddleware ? undefined : await loadBuild();

  const readers =
    env.READERS_COUNTING === "on"
      ? createReaderRecorder({
          db: database.db,
          logger,
          siteUrl: env.SITE_URL,
          counting: () => settingsStore.known().readerCounting === "on",
        })
      : undefined;

  const metrics = env.METRICS_TOKEN
    ? createMetrics({
        token: env.METRICS_TOKEN,
        db: database.db,
        logger,
        routes: build?.routes,
        contentCache: database.contentCache,
        contentListenerState: () => database.contentListener.state,
        readerViewsDropped: readers?.dropped,
      })
    : undefined;

  const outbox = startOutbox({
    db: database.db,
    logger,
    smtpUrl: env.SMTP_URL,
    maxPerHour: env.MAIL_PER_HOUR,
    // As saved at the time of each round: a change shows on the next mail.
    from: async () => senderOf(await settingsStore.current()),
    messageIdDomain: new URL(env.SITE_URL).hostname,
    onAttempt: metrics?.mailAttempt,
  });

  const newsletter = startSiteNewsletter({
    db: database.db,
    logger,
    smtpUrl: env.SMTP_URL,
    maxPerHour: env.NEWSLETTER_PER_HOUR,
    siteUrl: env.SITE_URL,
    from: async () => senderOf(await settingsStore.current()),
  });
  // One nudge for both queues: an action that queued mail of either kind.
  const mail = {
    nudge() {
      outbox.nudge();
      newsletter?.nudge();
    },
  };

  const scheduler = startStudioScheduler({ db: database.db, logger });
  // The social web (decision 061): answers only while the owner has it on.
  const fediverse = startFediverse({
    db: database.db,
    siteUrl: env.SITE_URL,
    settings: () => settingsStore.current(),
    logger,
    privatePeers: env.FEDIVERSE_PRIVATE_PEERS,
    inboxLimit: fediverseInboxLimit(database.db, logger),
    listen: (channel, handlers) => database.listen(channel, handlers),
  });
  const backups = await startBackups(database, env, logger);

  const app = express();
  app.disable("x-powered-by");
  // Express otherwise reads NODE_ENV itself and, unset, shows stack traces.
  app.set("env", env.NODE_ENV);
  app.set("trust proxy", env.TRUST_PROXY);
  if (metrics) app.use(metrics.record);
  if (env.TRUST_PROXY > 0) app.use(forwardedHost());
  // The server's own error pages name the site as last read, without waiting
  // on the database they may be answering for (server/problem.ts).
  app.use((_req, res, next) => {
    res.locals.siteSettings = () => settingsStore.known();
    next();
  });
  app.use(requestLog(logger));
  app.use(clientAddress());
  app.use(securityHeaders(env));
  app.use(cookiePolicy(env));
  // Each path's limit follows from what its action accepts (body-limits.ts).
  app.use(bodyLimit(bodyLimitFor));
  // Before the forms' rules: another server's signed POST is not a form.
  app.use(fediverse.handler);
  app.use(sameOriginWrites(env));
  app.use(signInLoadShedding(auth));
  app.use(studioHeaders());
  app.use(sitePostLimits(database.db, logger));
  // A page rendered for its response is compressed per response (it carries
  // its own nonce; a kept page is compressed once, decision 025): brotli at
  // quality 6 rather than the default 4 costs little CPU and keeps
  // documents within the first round trip (docs/decisions/024). Quality 8
  // saves a little more but cut throughput with compression sharply
  // (docs/PERFORMANCE.md). Static files are compressed at build time.
  app.use(
    compression({
      brotli: { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 6 } },
    }),
  );

  app.get("/healthz", (_req, res) => {
    res.json({ status: "ok" });
  });
  app.get("/readyz", async (_req, res) => {
    try {
      await database.ping();
      res.json({ status: "ok", database: database.kind });
    } catch (error) {
      logger.warn("readiness check failed", { error: errorMessage(error) });
      res.status(503).json({ status: "unavailable", database: database.kind });
    }
  });

  if (metrics) app.get("/metrics", metrics.scrape);

  app.use(authRoutes(auth, env.SITE_URL));

  if (options.devMiddleware) {
    app.use(options.devMiddleware);
  } else if (options.clientDir) {
    // Hashed file names change with their content, so they can be cached forever.
    const assetsDir = path.join(options.clientDir, "assets");
    const assets = { immutable: true, maxAge: "1y" };
    app.use("/assets", staticFiles(assetsDir, assets));
    app.use(staticFiles(options.clientDir, { maxAge: "1h" }));
  }

  // Before the page cache, so a kept page is counted like a rendered one.
  if (readers) app.use(readers.middleware);
  app.use(
    pageCache({
      // Code changes under the dev server; only content changes in production.
      maxAgeMs: options.devMiddleware
        ? () => 0
        : () => database.contentCache.maxAgeMs(),
      contentVersion: () => database.contentCache.version,
      routesFor: build && routeMatcher(build.routes),
    }),
  );
  app.use(
    createRequestHandler({
      // Given a function, React Router imports the build and rebuilds its
      // route tables on every request, which only the dev server (where the
      // code changes underneath) needs; in production it is work on every
      // request for nothing.
      build: build ?? loadBuild,
      async getLoadContext(req, res) {
        const context = new RouterContextProvider();
        context.set(servicesContext, {
          auth,
          db: database.db,
          env,
          logger,
          mail,
          nonce: res.locals.nonce,
          formKey: res.locals.formKey,
          pageIncomplete: () => markPageIncomplete(res),
          inlineSources: (sources) => {
            res.locals.inlineSources = sources;
          },
          structuredData: [],
          settings: await settingsStore.current(),
        });
        return context;
      },
    }),
  );
  app.use(problemHandler(logger));

  return {
    app,
    env,
    logger,
    database,
    async close() {
      await outbox.stop();
      await newsletter?.stop();
      await scheduler.stop();
      await fediverse.stop();
      await backups.stop();
      await readers?.stop();
      await database.close();
    },
  };
}
