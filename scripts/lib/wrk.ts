// wrk (Debian's `wrk` package) as the load generator where what is measured
// is the server's own cost a request (decision 053): written in C, it asks
// for a page with a small share of a core, where autocannon, in Node, took
// about as much of the two cores as the server it loaded, so that any other
// work on the machine (the database writing counted views) came out of the
// server's share and the generator's alike.
import { execFile } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";

const run = promisify(execFile);

export interface WrkOptions {
  url: string;
  connections: number;
  seconds: number;
  headers: Record<string, string>;
  /** Each request from an address of its own (X-Forwarded-For), so each is a new visitor. */
  ownAddresses: boolean;
}

export interface WrkFigures {
  requestsPerSecond: number;
  total: number;
  p50: number;
  p99: number;
  /** Responses other than 2xx and 3xx, and socket errors. */
  failed: number;
}

/** The Lua script wrk runs for each request: the headers, and a new address each time when asked. */
export function wrkScript(
  headers: Record<string, string>,
  ownAddresses: boolean,
): string {
  const pairs = Object.entries(headers)
    .map(
      ([name, value]) => `[${JSON.stringify(name)}] = ${JSON.stringify(value)}`,
    )
    .join(", ");
  return [
    `local headers = { ${pairs} }`,
    "local visitor = 0",
    "request = function()",
    ...(ownAddresses
      ? [
          "  visitor = visitor + 1",
          '  headers["X-Forwarded-For"] = string.format("10.%d.%d.%d",',
          "    math.floor(visitor / 65536) % 256, math.floor(visitor / 256) % 256, visitor % 256)",
        ]
      : []),
    '  return wrk.format("GET", nil, headers)',
    "end",
    "",
  ].join("\n");
}

/** wrk's durations ("812.00us", "1.52ms", "2.01s") in milliseconds. */
export function wrkMillis(text: string): number {
  const match = /^([\d.]+)(us|ms|s|m)$/.exec(text.trim());
  if (!match) throw new Error(`not a wrk duration: "${text}"`);
  const value = Number(match[1]);
  const unit = match[2];
  if (unit === "us") return value / 1000;
  if (unit === "ms") return value;
  if (unit === "s") return value * 1000;
  return value * 60_000;
}

/** The figures of wrk's report (run with --latency). */
export function parseWrk(output: string): WrkFigures {
  const number = (pattern: RegExp) => Number(pattern.exec(output)?.[1] ?? 0);
  const percentile = (which: string) => {
    const match = new RegExp(`^\\s*${which}%\\s+(\\S+)`, "m").exec(output);
    if (!match?.[1]) throw new Error(`wrk printed no ${which}% latency`);
    return wrkMillis(match[1]);
  };
  const rate = /Requests\/sec:\s+([\d.]+)/.exec(output);
  if (!rate) throw new Error(`wrk printed no rate:\n${output}`);
  const errors =
    /Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+)/.exec(
      output,
    );
  const socketErrors = errors
    ? errors.slice(1).reduce((sum, value) => sum + Number(value), 0)
    : 0;
  return {
    requestsPerSecond: Number(rate[1]),
    total: number(/(\d+) requests in/),
    p50: percentile("50"),
    p99: percentile("99"),
    failed: number(/Non-2xx or 3xx responses:\s+(\d+)/) + socketErrors,
  };
}

/** One wrk run: one thread (its share of a core is small), `connections` kept open. */
export async function wrkLoad(options: WrkOptions): Promise<WrkFigures> {
  const dir = mkdtempSync(path.join(tmpdir(), "wrk-"));
  const script = path.join(dir, "load.lua");
  writeFileSync(script, wrkScript(options.headers, options.ownAddresses));
  try {
    const { stdout } = await run("wrk", [
      "-t1",
      `-c${options.connections}`,
      `-d${options.seconds}s`,
      "--latency",
      "-s",
      script,
      options.url,
    ]);
    return parseWrk(stdout);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") {
      throw new Error(
        "this measurement needs wrk, Debian's HTTP load generator: apt-get install wrk",
        { cause: error },
      );
    }
    throw error;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
