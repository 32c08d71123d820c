// Change notifications from the database (docs/decisions/013): triggers on
// every public content table call pg_notify on CONTENT_CHANNEL with the
// table's name (drizzle/0001_content_notifications.sql), whoever made the
// edit. Each instance listens, and its caches forget everything on each one.
//
// On PostgreSQL the listener is a connection of its own, outside the pool:
// a pooled connection is handed to queries and released, and LISTEN belongs
// to one session. When it drops, the instance reconnects with backoff; a
// notification sent while it was away is lost, so every (re)connect counts
// as a change. PGlite runs in this process and delivers its own.
import type { PGlite } from "@electric-sql/pglite";
import pg from "pg";

/** The channel the content triggers notify; the payload is the table's name. */
export const CONTENT_CHANNEL = "content_changed";

/** How the listener's connection shows in pg_stat_activity. */
export const LISTENER_APPLICATION_NAME = "live-site content listener";

/**
 * - listening: notifications arrive; caches live until a change.
 * - reconnecting: the connection is being (re)made; caches fall back to a short TTL.
 * - off: not listening at all (caching off, or the database closed).
 */
export type ContentListenerState = "listening" | "reconnecting" | "off";

export interface ContentListenerStatus {
  state: ContentListenerState;
  /** Why the connection was lost or could not be made (reconnecting only). */
  error?: string;
  /** When the next attempt is made (reconnecting only). */
  retryInMs?: number;
}

export interface ContentListener {
  readonly state: ContentListenerState;
  /** Called on every change of state; returns a function that stops the calls. */
  onStateChange(callback: (status: ContentListenerStatus) => void): () => void;
  close(): Promise<void>;
}

export interface ContentListenerHandlers {
  /** A content table changed (its name is the payload). */
  onChange(table: string): void;
  /**
   * Notifications start or stop arriving. On a start, anything may have
   * changed since the last one: notifications sent meanwhile are lost.
   */
  onListening(listening: boolean): void;
}

class ListenerStatus {
  state: ContentListenerState = "off";
  private readonly callbacks = new Set<
    (status: ContentListenerStatus) => void
  >();

  set(status: ContentListenerStatus) {
    this.state = status.state;
    for (const callback of this.callbacks) callback(status);
  }

  subscribe(callback: (status: ContentListenerStatus) => void) {
    this.callbacks.add(callback);
    return () => {
      this.callbacks.delete(callback);
    };
  }
}

/** A listener that never listens: caching is off, or there is nothing to listen to. */
export function noContentListener(): ContentListener {
  const status = new ListenerStatus();
  return {
    get state() {
      return status.state;
    },
    onStateChange: (callback) => status.subscribe(callback),
    close: async () => {},
  };
}

export async function listenPglite(
  client: PGlite,
  handlers: ContentListenerHandlers,
  channel: string = CONTENT_CHANNEL,
): Promise<ContentListener> {
  const status = new ListenerStatus();
  const unlisten = await client.listen(channel, (table) =>
    handlers.onChange(table),
  );
  handlers.onListening(true);
  status.set({ state: "listening" });
  return {
    get state() {
      return status.state;
    },
    onStateChange: (callback) => status.subscribe(callback),
    async close() {
      if (status.state === "off") return;
      handlers.onListening(false);
      status.set({ state: "off" });
      if (!client.closed) await unlisten();
    },
  };
}

export interface PostgresListenerOptions {
  /** First retry delay; doubled on each failure up to maxRetryMs (with jitter). */
  minRetryMs?: number;
  maxRetryMs?: number;
  /** A query this often, so a connection cut without a reset is noticed. */
  heartbeatMs?: number;
  /** Another channel than the content triggers' (the same mechanism, another use). */
  channel?: string;
  applicationName?: string;
}

/**
 * Listens on a dedicated connection. Resolves after the first attempt,
 * whether it connected or is now retrying in the background.
 */
export async function listenPostgres(
  url: string,
  handlers: ContentListenerHandlers,
  options: PostgresListenerOptions = {},
): Promise<ContentListener> {
  const minRetryMs = options.minRetryMs ?? 100;
  const maxRetryMs = options.maxRetryMs ?? 10_000;
  const heartbeatMs = options.heartbeatMs ?? 15_000;
  const channel = options.channel ?? CONTENT_CHANNEL;
  const status = new ListenerStatus();
  let closed = false;
  let failures = 0;
  let current: pg.Client | undefined;
  let retry: NodeJS.Timeout | undefined;

  async function connect(): Promise<void> {
    const client = new pg.Client({
      connectionString: url,
      application_name: options.applicationName ?? LISTENER_APPLICATION_NAME,
      keepAlive: true,
      connectionTimeoutMillis: 5_000,
      // Bounds the heartbeat on a connection that silently stopped answering.
      query_timeout: 5_000,
    });
    let lost = false;
    let stopHeartbeat = () => {};
    const lose = (error: unknown) => {
      if (lost) return;
      lost = true;
      stopHeartbeat();
      if (current === client) current = undefined;
      client.removeAllListeners("notification");
      client.end().catch(() => {
        // Already gone; nothing to close.
      });
      handlers.onListening(false);
      if (closed) return;
      const retryInMs = Math.round(
        Math.min(maxRetryMs, minRetryMs * 2 ** failures) *
          (0.75 + Math.random() / 2),
      );
      failures += 1;
      status.set({
        state: "reconnecting",
        error: error instanceof Error ? error.message : String(error),
        retryInMs,
      });
      retry = setTimeout(() => void connect(), retryInMs);
      // An instance shutting down must not wait for the next attempt.
      retry.unref();
    };
    client.on("error", lose);
    client.on("end", () => lose(new Error("the connection ended")));
    client.on("notification", (message) => {
      if (message.channel === channel) handlers.onChange(message.payload ?? "");
    });
    try {
      await client.connect();
      await client.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
    } catch (error) {
      lose(error);
      return;
    }
    if (closed || lost) {
      lose(new Error("closed"));
      return;
    }
    current = client;
    failures = 0;
    // From here on nothing is missed; what changed before is unknown.
    handlers.onListening(true);
    status.set({ state: "listening" });
    const heartbeat = setInterval(() => {
      client.query("select 1").catch(lose);
    }, heartbeatMs);
    heartbeat.unref();
    stopHeartbeat = () => clearInterval(heartbeat);
  }

  status.set({ state: "reconnecting" });
  await connect();
  return {
    get state() {
      return status.state;
    },
    onStateChange: (callback) => status.subscribe(callback),
    async close() {
      if (closed) return;
      closed = true;
      clearTimeout(retry);
      const client = current;
      current = undefined;
      handlers.onListening(false);
      status.set({ state: "off" });
      await client?.end().catch(() => {
        // Already gone.
      });
    },
  };
}
