// The one way scripts, drills and the journeys start the production build
// (`node server/main.ts`) as its own process: environment, port, log, wait
// for /readyz, stop. Only node built-ins here: the journeys' launcher runs
// this file with plain `node`.
import { spawn } from "node:child_process";
import type { ChildProcess } from "node:child_process";
import { openSync, readFileSync } from "node:fs";
import { createServer } from "node:net";
import type { AddressInfo } from "node:net";
import { setTimeout as sleep } from "node:timers/promises";

export interface RunningServer {
  name: string;
  url: string;
  process: ChildProcess;
  /** Resolves with the exit code when the process has exited. */
  exited: Promise<number | null>;
  alive(): boolean;
  /** Peak resident memory so far, in bytes (Linux: VmHWM). */
  peakMemoryBytes(): number | undefined;
  /** SIGTERM: a graceful shutdown, awaited. */
  stop(): Promise<void>;
  /** SIGKILL: a crash, awaited. */
  kill(): Promise<void>;
}

export interface LaunchOptions {
  /** For messages and the log's name. */
  name?: string;
  /** Default: $PORT, else a free port. */
  port?: number;
  /**
   * On top of this process's environment and the production defaults
   * (NODE_ENV, PORT, HOST 127.0.0.1); a key set to undefined is removed.
   */
  env?: NodeJS.ProcessEnv;
  /**
   * SITE_URL names the address actually served, so canonical URLs, feeds and
   * the sitemap point at it. Off, the server's own default stands (drills
   * count mail by the Message-ID domain it gives).
   */
  siteUrlIsServed?: boolean;
  /**
   * A file for the server's output (written by the child itself: reading a
   * pipe would cost this process CPU that a benchmark needs), or "inherit".
   */
  log: string;
  /** "a" keeps earlier runs' lines (an instance restarted under one name). */
  logFlags?: "w" | "a";
  /** Refuse a port another process holds: it would answer /readyz in this server's place. */
  requireFreePort?: boolean;
  /** false: return at once (the caller, say Playwright, waits on its own). */
  waitUntilReady?: boolean;
  /** How long to wait for /readyz (a busy machine starts slowly). */
  readyTimeoutMs?: number;
}

export async function launchServer(
  options: LaunchOptions,
): Promise<RunningServer> {
  const name = options.name ?? "the server";
  // PORT chooses the port (e.g. a range a shared machine reserves for you).
  const port =
    options.port ??
    (process.env.PORT ? Number(process.env.PORT) : await freePort());
  if (options.requireFreePort) await ensurePortFree(port);
  const url = `http://127.0.0.1:${port}`;
  const output =
    options.log === "inherit"
      ? "inherit"
      : openSync(options.log, options.logFlags ?? "w");
  const child = spawn(process.execPath, ["server/main.ts"], {
    env: {
      ...process.env,
      NODE_ENV: "production",
      PORT: String(port),
      HOST: "127.0.0.1",
      ...(options.siteUrlIsServed ? { SITE_URL: url } : {}),
      ...options.env,
    },
    stdio: ["ignore", output, output],
  });
  const exited = new Promise<number | null>((resolve) =>
    child.once("exit", (code) => resolve(code)),
  );
  const ended = () => child.exitCode !== null || child.signalCode !== null;
  const server: RunningServer = {
    name,
    url,
    process: child,
    exited,
    alive: () => !ended(),
    peakMemoryBytes() {
      try {
        const status = readFileSync(`/proc/${child.pid}/status`, "utf8");
        const match = /VmHWM:\s+(\d+) kB/.exec(status);
        return match?.[1] ? Number(match[1]) * 1024 : undefined;
      } catch {
        return undefined;
      }
    },
    async stop() {
      if (ended()) return;
      child.kill("SIGTERM");
      await exited;
    },
    async kill() {
      if (ended()) return;
      child.kill("SIGKILL");
      await exited;
    },
  };
  if (options.waitUntilReady === false) return server;

  const where = options.log === "inherit" ? "" : `; see ${options.log}`;
  const deadline = Date.now() + (options.readyTimeoutMs ?? 120_000);
  const ready = await untilReady(url, () => !ended() && Date.now() <= deadline);
  if (ready) return server;
  if (ended()) throw new Error(`${name} exited while starting${where}`);
  await server.kill();
  throw new Error(`${name} did not become ready in time${where}`);
}

/**
 * Waits until the server at `url` answers its readiness check: true then,
 * false once `keepWaiting` says to give up.
 */
export async function untilReady(
  url: string,
  keepWaiting: () => boolean,
): Promise<boolean> {
  while (keepWaiting()) {
    const ready = await fetch(`${url}/readyz`).then(
      (response) => response.ok,
      () => false, // Not listening yet.
    );
    if (ready) return true;
    await sleep(200);
  }
  return false;
}

/** A port nothing listens on right now, from the kernel's ephemeral range. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const { port } = probe.address() as AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

function ensurePortFree(port: number): Promise<void> {
  return new Promise<void>((resolve, reject) => {
    const probe = createServer();
    probe.once("error", () =>
      reject(
        new Error(
          `port ${port} is in use by another process; set E2E_PORT_BASE to a free range`,
        ),
      ),
    );
    probe.listen(port, "127.0.0.1", () => probe.close(() => resolve()));
  });
}
