// GET /metrics in Prometheus text format, for whoever runs the site. Off
// unless METRICS_TOKEN is set; then a scrape must carry it as a bearer token
// (the figures say how busy the site is and how its mail fares, which is
// nobody else's business). Each metric is described in docs/DEPLOY.md.
import { timingSafeEqual } from "node:crypto";

import { sql } from "drizzle-orm";
import type { RequestHandler } from "express";
import client from "prom-client";
import { matchRoutes } from "react-router";
import type { RouteObject } from "react-router";

import type { Database } from "~database/client";
import { errorMessage } from "~shared/error-message";
import type { Logger } from "~shared/logger";

/** The content listener's states (database/content-listener.ts, issue 10). */
export type ListenerState = "listening" | "reconnecting" | "off";
const LISTENER_STATES: ListenerState[] = ["listening", "reconnecting", "off"];

export interface MetricsOptions {
  token: string;
  db: Database;
  logger: Logger;
  /** The server build's routes, to label requests by route pattern rather than by URL. */
  routes?: Record<string, RouteManifestEntry | undefined>;
  /** The content-read cache's counts. */
  contentCache: { stats: { hits: number; misses: number } };
  /** The database change listener's state; absent until that listener exists. */
  contentListenerState?: () => ListenerState;
  /** Reader views dropped by a full buffer (server/readers.ts); absent while counting is off. */
  readerViewsDropped?: () => number;
}

export interface RouteManifestEntry {
  id: string;
  parentId?: string | undefined;
  path?: string | undefined;
  index?: boolean | undefined;
}

export interface Metrics {
  /** Times and counts every request; mount first. */
  record: RequestHandler;
  /** Answers GET /metrics. */
  scrape: RequestHandler;
  /** Counts a mail delivery attempt's outcome (the outbox's onAttempt). */
  mailAttempt(outcome: "sent" | "failed"): void;
}

/** Turns the build's flat route manifest into the tree matchRoutes wants. */
export function routeLabeller(
  routes: Record<string, RouteManifestEntry | undefined>,
): (pathname: string) => string {
  type Node = RouteObject & { children?: Node[] };
  const nodes = new Map<string, Node>();
  const entries = Object.values(routes).filter(
    (entry): entry is RouteManifestEntry => entry !== undefined,
  );
  for (const entry of entries) {
    nodes.set(
      entry.id,
      entry.index
        ? { id: entry.id, index: true }
        : { id: entry.id, path: entry.path, children: [] },
    );
  }
  const roots: Node[] = [];
  for (const entry of entries) {
    const node = nodes.get(entry.id);
    if (!node) continue;
    const parent = entry.parentId ? nodes.get(entry.parentId) : undefined;
    if (parent && !parent.index) (parent.children ??= []).push(node);
    else roots.push(node);
  }
  return (pathname) => {
    // Client navigations fetch `/page.data`; they count under their page.
    const data = pathname.endsWith(".data");
    const page = data ? pathname.slice(0, -".data".length) || "/" : pathname;
    const matches = matchRoutes(roots, page === "/_root" ? "/" : page);
    if (!matches) return "unmatched";
    const pattern =
      "/" +
      matches
        .map((match) => match.route.path ?? "")
        .filter((path) => path !== "")
        .join("/");
    return data ? `${pattern} (data)` : pattern;
  };
}

const buckets = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

export function createMetrics(options: MetricsOptions): Metrics {
  const registry = new client.Registry();
  client.collectDefaultMetrics({ register: registry });
  const label = options.routes ? routeLabeller(options.routes) : () => "app";

  const requests = new client.Counter({
    name: "http_requests_total",
    help: "HTTP requests answered, by method, route pattern and status.",
    labelNames: ["method", "route", "status"] as const,
    registers: [registry],
  });
  const duration = new client.Histogram({
    name: "http_request_duration_seconds",
    help: "Time from a request's arrival to its response's last byte, by method and route pattern.",
    labelNames: ["method", "route"] as const,
    buckets,
    registers: [registry],
  });
  const pageCache = new client.Counter({
    name: "page_cache_requests_total",
    help: "Shareable page requests answered from the page cache (hit) or rendered (miss).",
    labelNames: ["result"] as const,
    registers: [registry],
  });
  const pageHits = { hit: 0, miss: 0 };
  new client.Gauge({
    name: "page_cache_hit_ratio",
    help: "Share of shareable page requests answered from the page cache since start.",
    registers: [registry],
    collect() {
      const total = pageHits.hit + pageHits.miss;
      this.set(total ? pageHits.hit / total : 0);
    },
  });
  new client.Counter({
    name: "content_cache_requests_total",
    help: "Cacheable content reads answered from the content cache (hit) or the database (miss).",
    labelNames: ["result"] as const,
    registers: [registry],
    collect() {
      const { hits, misses } = options.contentCache.stats;
      this.reset();
      this.inc({ result: "hit" }, hits);
      this.inc({ result: "miss" }, misses);
    },
  });
  new client.Gauge({
    name: "content_cache_hit_ratio",
    help: "Share of cacheable content reads answered from the content cache since start.",
    registers: [registry],
    collect() {
      const { hits, misses } = options.contentCache.stats;
      this.set(hits + misses ? hits / (hits + misses) : 0);
    },
  });
  const readerViewsDropped = options.readerViewsDropped;
  if (readerViewsDropped) {
    new client.Counter({
      name: "reader_views_dropped_total",
      help: "Reader views dropped, oldest first, because the buffer was full while writes failed or lagged.",
      registers: [registry],
      collect() {
        this.reset();
        this.inc(readerViewsDropped());
      },
    });
  }
  const listenerState = options.contentListenerState;
  if (listenerState) {
    new client.Gauge({
      name: "content_listener_state",
      help: "The database change listener's state: 1 for the current one (listening, reconnecting, off).",
      labelNames: ["state"] as const,
      registers: [registry],
      collect() {
        const current = listenerState();
        for (const state of LISTENER_STATES)
          this.set({ state }, state === current ? 1 : 0);
      },
    });
  }

  // The queue lives in the database, shared by every instance: each instance
  // reports the same figures (alert on max, not sum).
  const queue = { pending: 0, oldestSeconds: 0, up: 0 };
  // The three gauges below are collected together; they share one query.
  let reading: Promise<void> | undefined;
  const readQueueOnce = () =>
    (reading ??= readQueue().finally(() => {
      reading = undefined;
    }));
  const readQueue = async () => {
    try {
      const result = (await options.db.execute(
        sql`select count(*)::int as pending,
                coalesce(extract(epoch from now() - min(created_at)), 0)::float8 as oldest
            from mail_outbox where sent_at is null`,
      )) as unknown as { rows: Array<{ pending: number; oldest: number }> };
      const [row] = result.rows;
      queue.pending = Number(row?.pending ?? 0);
      queue.oldestSeconds = Number(row?.oldest ?? 0);
      queue.up = 1;
    } catch (error) {
      queue.up = 0;
      options.logger.warn("metrics: could not read the mail queue", {
        error: errorMessage(error),
      });
    }
  };
  new client.Gauge({
    name: "mail_outbox_pending",
    help: "Notification mails not yet delivered (the whole site, not this instance).",
    registers: [registry],
    async collect() {
      await readQueueOnce();
      this.set(queue.pending);
    },
  });
  new client.Gauge({
    name: "mail_outbox_oldest_pending_seconds",
    help: "Age of the oldest undelivered notification mail; 0 when none waits.",
    registers: [registry],
    async collect() {
      await readQueueOnce();
      this.set(queue.oldestSeconds);
    },
  });
  new client.Gauge({
    name: "database_up",
    help: "1 when this scrape could read the database, else 0.",
    registers: [registry],
    async collect() {
      await readQueueOnce();
      this.set(queue.up);
    },
  });
  const mail = new client.Counter({
    name: "mail_delivery_attempts_total",
    help: "Mail delivery attempts by this instance, by outcome (sent, failed).",
    labelNames: ["outcome"] as const,
    registers: [registry],
  });
  mail.inc({ outcome: "sent" }, 0);
  mail.inc({ outcome: "failed" }, 0);

  const expected = Buffer.from(`Bearer ${options.token}`);
  const authorised = (header: string | undefined) => {
    const given = Buffer.from(header ?? "");
    return given.length === expected.length && timingSafeEqual(given, expected);
  };

  return {
    record(req, res, next) {
      const stop = duration.startTimer();
      res.on("finish", () => {
        const route = req.path.startsWith("/assets/")
          ? "/assets"
          : req.route
            ? String(req.route.path)
            : label(req.path);
        stop({ method: req.method, route });
        requests.inc({ method: req.method, route, status: res.statusCode });
        const cache = res.getHeader("x-page-cache");
        if (cache === "hit" || cache === "miss") {
          pageCache.inc({ result: cache });
          pageHits[cache] += 1;
        }
      });
      next();
    },
    async scrape(req, res) {
      if (!authorised(req.headers.authorization)) {
        res.setHeader("WWW-Authenticate", 'Bearer realm="metrics"');
        res
          .status(401)
          .type("text/plain")
          .send("A bearer token is required.\n");
        return;
      }
      res.setHeader("Cache-Control", "no-store");
      res.type(registry.contentType).send(await registry.metrics());
    },
    mailAttempt(outcome) {
      mail.inc({ outcome });
    },
  };
}
