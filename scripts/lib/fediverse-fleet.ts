// For the social web's drill and bench: a fleet of fediverse servers on
// loopback, each an HTTP server of this process with its own port and a
// shared inbox, whose followers are written straight into the site's
// database. Each server counts what reaches its inboxes by activity id, so
// a run can tell delivered, missed and repeated apart.
import { once } from "node:events";
import { createServer } from "node:http";
import type { Server } from "node:http";
import type { AddressInfo } from "node:net";

import { sql } from "drizzle-orm";

import type { Database } from "~database/client";

export interface FleetServer {
  origin: string;
  /** host:port, for FEDIVERSE_PRIVATE_PEERS. */
  peer: string;
  /** POSTs that reached its inboxes. */
  requests: number;
  /** Activity id → how many times it arrived. */
  received: Map<string, number>;
}

export interface Fleet {
  servers: FleetServer[];
  /** Every server's host:port, comma-separated. */
  peers: string;
  /** Writes `perServer` followers of each server into the site's database. */
  follow(db: Database, perServer: number): Promise<number>;
  /** Resolves once every server has had a POST of `type` (or the time is up). */
  allReceived(type: string, timeoutMs: number): Promise<boolean>;
  /** Per server: how many times `type` arrived (by distinct id and in all). */
  tally(type: string): {
    delivered: number;
    missed: number;
    repeated: number;
    ids: Set<string>;
  };
  close(): Promise<void>;
}

export interface FleetOptions {
  servers: number;
  /** How long an inbox takes to answer (a busy server). */
  answerDelayMs?: number;
}

export async function startFleet(options: FleetOptions): Promise<Fleet> {
  const servers: FleetServer[] = [];
  const http: Server[] = [];
  const types = new Map<FleetServer, Map<string, string>>();
  const waiting = new Set<() => void>();
  for (let n = 0; n < options.servers; n++) {
    const server: FleetServer = {
      origin: "",
      peer: "",
      requests: 0,
      received: new Map(),
    };
    const typeOf = new Map<string, string>();
    types.set(server, typeOf);
    const listener = createServer((req, res) => {
      if (req.method !== "POST") {
        res.writeHead(404).end();
        return;
      }
      const chunks: Buffer[] = [];
      req.on("data", (chunk: Buffer) => chunks.push(chunk));
      req.on("end", () => {
        server.requests += 1;
        try {
          const body = JSON.parse(Buffer.concat(chunks).toString("utf8")) as {
            id?: string;
            type?: string;
          };
          const id = body.id ?? "(no id)";
          server.received.set(id, (server.received.get(id) ?? 0) + 1);
          typeOf.set(id, body.type ?? "");
        } catch {
          // Counted as a request; not an activity.
        }
        for (const wake of waiting) wake();
        const answer = () => res.writeHead(202).end();
        if (options.answerDelayMs) setTimeout(answer, options.answerDelayMs);
        else answer();
      });
    });
    listener.listen(0, "127.0.0.1");
    await once(listener, "listening");
    const { port } = listener.address() as AddressInfo;
    server.origin = `http://127.0.0.1:${port}`;
    server.peer = `127.0.0.1:${port}`;
    servers.push(server);
    http.push(listener);
  }

  const countsOf = (server: FleetServer, type: string) =>
    [...server.received].filter(([id]) => types.get(server)?.get(id) === type);

  const fleet: Fleet = {
    servers,
    peers: servers.map((server) => server.peer).join(","),
    async follow(db, perServer) {
      const rows = servers.flatMap((server) =>
        Array.from({ length: perServer }, (_, index) => {
          const actor = `${server.origin}/users/u${index}`;
          return sql`(${actor}, ${`@u${index}@${server.peer}`}, ${`${actor}/inbox`}, ${`${server.origin}/inbox`})`;
        }),
      );
      for (let start = 0; start < rows.length; start += 500)
        await db.execute(sql`
          insert into fediverse_followers (actor_id, handle, inbox, shared_inbox)
          values ${sql.join(rows.slice(start, start + 500), sql`, `)}`);
      return rows.length;
    },
    async allReceived(type, timeoutMs) {
      const deadline = Date.now() + timeoutMs;
      while (servers.some((server) => countsOf(server, type).length === 0)) {
        const left = deadline - Date.now();
        if (left <= 0) return false;
        await new Promise<void>((resolve) => {
          const timer = setTimeout(done, left);
          function done() {
            clearTimeout(timer);
            waiting.delete(done);
            resolve();
          }
          waiting.add(done);
        });
      }
      return true;
    },
    tally(type) {
      let delivered = 0;
      let repeated = 0;
      const ids = new Set<string>();
      for (const server of servers) {
        const counts = countsOf(server, type);
        if (counts.length > 0) delivered += 1;
        for (const [id, times] of counts) {
          ids.add(id);
          repeated += times - 1;
        }
        // A second id for the same post would be a repeat no server folds.
        repeated += Math.max(0, counts.length - 1);
      }
      return { delivered, missed: servers.length - delivered, repeated, ids };
    },
    async close() {
      for (const listener of http) {
        listener.close();
        listener.closeAllConnections();
      }
      await Promise.all(http.map((listener) => once(listener, "close")));
    },
  };
  return fleet;
}
