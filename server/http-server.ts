// The HTTP server's own limits. Node's defaults suit a server behind a
// proxy that buffers requests: a client may take 60 s to send its headers and
// 300 s to send its body, and the checks run every 30 s. This site may be
// reached directly, so a slow (or deliberately trickling) client is cut off
// within seconds, and the number of open sockets is capped, in all and per
// client address. A body's own deadline grows with its size and is kept by
// the body limit (server/limits.ts, decision 027); the server's request
// deadline is only the backstop for the largest body the site accepts.
import http from "node:http";
import type { RequestListener, Server } from "node:http";

import { clientKey } from "./client-key.ts";

export interface ServerLimits {
  /** The whole header block must arrive within this. */
  headersTimeoutMs: number;
  /** No request, headers and body, may take longer than this (the largest body at the slowest rate the site allows). */
  requestTimeoutMs: number;
  /** An idle keep-alive socket is closed after this. */
  keepAliveTimeoutMs: number;
  /** A socket on which nothing moves (e.g. a client that stops reading the answer) is closed after this. */
  idleTimeoutMs: number;
  /** How often the header and request deadlines are checked. */
  checkIntervalMs: number;
  /** Sockets open at once; more are refused until some close. */
  maxConnections: number;
  /**
   * Sockets one client address (an IPv6 /64) may hold at once; more are
   * closed at once. 0 behind a proxy (TRUST_PROXY), where every socket comes
   * from the proxy and the proxy counts per visitor (deploy/nginx, limit_conn).
   */
  connectionsPerAddress: number;
}

/**
 * For a small site on one small machine: a page is one request of a few
 * hundred bytes; a real browser keeps a handful of sockets, so 512 leaves
 * room for a few hundred visitors at the same moment, and 64 per address
 * for several people behind one NAT while no one address can hold them all.
 */
export const SERVER_LIMITS: ServerLimits = {
  headersTimeoutMs: 10_000,
  requestTimeoutMs: 60 * 60_000,
  keepAliveTimeoutMs: 5_000,
  idleTimeoutMs: 30_000,
  checkIntervalMs: 1_000,
  maxConnections: 512,
  connectionsPerAddress: 64,
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
  if (limits.connectionsPerAddress > 0) {
    capPerAddress(server, limits.connectionsPerAddress);
  }
  return server;
}

/** Closes a client's sockets over `cap` as they arrive, so one client cannot take the server's every socket. */
function capPerAddress(server: Server, cap: number) {
  const open = new Map<string, number>();
  server.on("connection", (socket) => {
    const client = clientKey(socket.remoteAddress);
    const count = (open.get(client) ?? 0) + 1;
    if (count > cap) {
      socket.destroy();
      return;
    }
    open.set(client, count);
    socket.once("close", () => {
      const left = (open.get(client) ?? 1) - 1;
      if (left > 0) open.set(client, left);
      else open.delete(client);
    });
  });
}
