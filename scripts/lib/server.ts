// Starts the production build as its own process for the budget and bench
// scripts, and reports its peak memory.
import { spawn } from "node:child_process";
import type { ChildProcess } from "node:child_process";
import { openSync, readFileSync } from "node:fs";
import { createServer } from "node:net";
import type { AddressInfo } from "node:net";
import { setTimeout as sleep } from "node:timers/promises";

export interface RunningServer {
  url: string;
  process: ChildProcess;
  /** Peak resident memory so far, in bytes (Linux: VmHWM). */
  peakMemoryBytes(): number | undefined;
  stop(): Promise<void>;
}

/**
 * Runs `node server/main.ts` on a free port with `env` on top of this
 * process's environment. Its log goes to `logFile` (reading a pipe would
 * cost this process CPU that a benchmark needs).
 */
export async function startServer(
  env: NodeJS.ProcessEnv,
  logFile: string,
  options: { port?: number; timeoutMs?: number } = {},
): Promise<RunningServer> {
  const timeoutMs = options.timeoutMs ?? 120_000;
  // PORT chooses the port (e.g. a range a shared machine reserves for you).
  const port =
    options.port ??
    (process.env.PORT ? Number(process.env.PORT) : await freePort());
  const origin = `http://127.0.0.1:${port}`;
  const log = openSync(logFile, "w");
  const child = spawn(process.execPath, ["server/main.ts"], {
    env: {
      ...process.env,
      NODE_ENV: "production",
      PORT: String(port),
      HOST: "127.0.0.1",
      // Canonical URLs, feeds and the sitemap name the address actually served.
      SITE_URL: origin,
      ...env,
    },
    stdio: ["ignore", log, log],
  });
  const started = Date.now();
  let listening = false;
  while (!listening) {
    if (child.exitCode !== null) {
      throw new Error(`the server exited early; see ${logFile}`);
    }
    if (Date.now() - started > timeoutMs) {
      child.kill("SIGKILL");
      throw new Error(`the server did not start in time; see ${logFile}`);
    }
    await sleep(200);
    listening = await fetch(`${origin}/readyz`).then(
      (response) => response.ok,
      () => false,
    );
  }
  return {
    url: origin,
    process: child,
    peakMemoryBytes() {
      try {
        const status = readFileSync(`/proc/${child.pid}/status`, "utf8");
        const match = /VmHWM:\s+(\d+) kB/.exec(status);
        return match?.[1] ? Number(match[1]) * 1024 : undefined;
      } catch {
        return undefined;
      }
    },
    stop() {
      return new Promise((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once("exit", () => resolve());
        child.kill("SIGTERM");
      });
    },
  };
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
