// The HTTP server's own limits. Node's defaults suit a server behind a
// proxy that buffers requests: a client may take 60 s to send its headers and
// 300 s to send its body, and the checks run every 30 s. This site may be
// reached directly, so a slow (or deliberately trickling) client is cut off
// within seconds, and the number of open sockets is capped.
import http from "node:http";
import type { RequestListener, Server } from "node:http";

export interface ServerLimits {
  /** The whole header block must arrive within this. */
  headersTimeoutMs: number;
  /** The whole request, headers and body, must arrive within this. */
  requestTimeoutMs: number;
  /** An idle keep-alive socket is closed after this. */
  keepAliveTimeoutMs: number;
  /** A socket on which nothing moves (e.g. a client that stops reading the answer) is closed after this. */
  idleTimeoutMs: number;
  /** How often the header and request deadlines are checked. */
  checkIntervalMs: number;
  /** Sockets open at once; more are refused until some close. */
  maxConnections: number;
}

/**
 * For a small site on one small machine: a page is one request of a few
 * hundred bytes, a form under 64 KB; a real browser keeps a handful of
 * sockets, so 512 leaves room for a few hundred visitors at the same moment.
 */
export const SERVER_LIMITS: ServerLimits = {
  headersTimeoutMs: 10_000,
  requestTimeoutMs: 15_000,
  keepAliveTimeoutMs: 5_000,
  idleTimeoutMs: 30_000,
  checkIntervalMs: 1_000,
  maxConnections: 512,
};

export function createHttpServer(
  listener: RequestListener,
  limits: ServerLimits = SERVER_LIMITS,
): Server {
  const server = http.createServer(
    {
      headersTimeout: limits.headersTimeoutMs,
      requestTimeout: limits.requestTimeoutMs,
      keepAliveTimeout: limits.keepAliveTimeoutMs,
      connectionsCheckingInterval: limits.checkIntervalMs,
    },
    listener,
  );
  // Without a 'timeout' listener, Node destroys the idle socket.
  server.setTimeout(limits.idleTimeoutMs);
  server.maxConnections = limits.maxConnections;
  return server;
}
