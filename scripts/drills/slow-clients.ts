// Drill: slow clients. Sockets that trickle their headers or their body (a
// byte a second, as a slowloris attack does) must be cut off within seconds
// (server/http-server.ts), while ordinary visitors keep getting pages. A body
// trickled to a route that answers before reading it (a visitor's post to
// the studio: 302; a post to a page without an action: 405) must not hold
// its socket either (server/limits.ts, closeIfAnsweredEarly).
import net from "node:net";

import { freshDatabase } from "./support/database";
import { PORT_BASE, startInstance } from "./support/processes";
import { drillResult, percentile } from "./support/reporting";
import { sleep } from "./support/time";
import { visitorAddress } from "./support/visitors";

/** Past this a slow socket counts as held open: far above the limits, far below Node's defaults (300 s). */
const HELD_AFTER_MS = 40_000;

/** Routes that answer a post before reading its body. */
const EARLY_PATHS = ["/studio/export", "/"];

interface SlowSocket {
  kind: "headers" | "body" | "early";
  openedAt: number;
  closedAfterMs?: number;
  answer: string;
}

function openSlowSocket(
  port: number,
  kind: SlowSocket["kind"],
  index: number,
): { socket: net.Socket; state: SlowSocket } {
  const state: SlowSocket = { kind, openedAt: Date.now(), answer: "" };
  const socket = net.connect(port, "127.0.0.1");
  socket.setNoDelay(true);
  socket.on("error", () => undefined);
  socket.on("data", (chunk: Buffer) => {
    if (state.answer.length < 200) state.answer += chunk.toString("latin1");
  });
  socket.on("close", () => {
    state.closedAfterMs = Date.now() - state.openedAt;
    clearInterval(timer);
  });
  const path =
    kind === "early" ? EARLY_PATHS[index % EARLY_PATHS.length] : "/contact";
  socket.write(
    kind === "headers"
      ? "GET / HTTP/1.1\r\nHost: 127.0.0.1\r\n"
      : // Each its own client, so the post limit does not answer for the timeout.
        `POST ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Forwarded-For: ${visitorAddress(200_000 + index)}\r\nContent-Type: application/x-www-form-urlencoded\r\nContent-Length: 60000\r\n\r\n`,
  );
  let sent = 0;
  const timer = setInterval(() => {
    if (socket.destroyed) return clearInterval(timer);
    sent += 1;
    socket.write(kind === "headers" ? `X-Slow-${sent}: 1\r\n` : "a");
  }, 1_000);
  return { socket, state };
}

export async function slowClientsDrill({ sockets = 100 } = {}) {
  const result = drillResult("slow-clients: trickling sockets cut off");
  const database = await freshDatabase("slow");
  const port = PORT_BASE + 30;
  const instance = await startInstance({
    name: "slow-clients",
    port,
    databaseUrl: database.url,
  });
  const open: Array<{ socket: net.Socket; state: SlowSocket }> = [];
  try {
    // Baseline: the page before any slow client.
    const timePage = async () => {
      const started = performance.now();
      const response = await fetch(`${instance.url}/about`, {
        signal: AbortSignal.timeout(10_000),
      }).catch(() => undefined);
      await response?.arrayBuffer();
      return { ok: response?.status === 200, ms: performance.now() - started };
    };
    const baseline = [];
    for (let n = 0; n < 20; n++) baseline.push(await timePage());

    for (let n = 0; n < sockets; n++)
      open.push(
        openSlowSocket(
          port,
          (["headers", "body", "early"] as const)[n % 3] ?? "headers",
          n,
        ),
      );
    const during: Array<{ ok: boolean; ms: number }> = [];
    const started = Date.now();
    while (
      open.some(({ state }) => state.closedAfterMs === undefined) &&
      Date.now() - started < HELD_AFTER_MS
    ) {
      during.push(await timePage());
      await sleep(200);
    }
    const closed = open.filter(
      ({ state }) => state.closedAfterMs !== undefined,
    );
    const times = (kind: SlowSocket["kind"]) =>
      closed
        .filter(({ state }) => state.kind === kind)
        .map(({ state }) => state.closedAfterMs ?? 0);
    result.figure(
      "slow sockets opened (a third each trickling headers, a body, a body after an early answer)",
      sockets,
    );
    result.figure(
      "trickled headers closed after p50 / max (s)",
      `${(percentile(times("headers"), 50) / 1000).toFixed(1)} / ${(percentile(times("headers"), 100) / 1000).toFixed(1)}`,
    );
    result.figure(
      "trickled bodies closed after p50 / max (s)",
      `${(percentile(times("body"), 50) / 1000).toFixed(1)} / ${(percentile(times("body"), 100) / 1000).toFixed(1)}`,
    );
    result.figure(
      "bodies trickled after an early answer (302, 405) closed after p50 / max (s)",
      `${(percentile(times("early"), 50) / 1000).toFixed(1)} / ${(percentile(times("early"), 100) / 1000).toFixed(1)}`,
    );
    const earlyLate = times("early").filter((ms) => ms > 12_000).length;
    if (earlyLate > 0)
      result.problem(
        `${earlyLate} sockets answered early were held past the body deadline (12 s)`,
      );
    const answered408 = closed.filter(({ state }) =>
      state.answer.startsWith("HTTP/1.1 408"),
    ).length;
    result.figure("answered 408 before closing", answered408);
    const held = sockets - closed.length;
    if (held > 0)
      result.problem(
        `${held} slow sockets still open after ${HELD_AFTER_MS / 1000} s`,
      );
    const base = baseline.map((sample) => sample.ms);
    const load = during.map((sample) => sample.ms);
    result.figure(
      "page /about before: p50 / p95 (ms)",
      `${percentile(base, 50)} / ${percentile(base, 95)}`,
    );
    result.figure(
      "page /about while slow sockets were open: requests, p50 / p95 (ms)",
      `${during.length}, ${percentile(load, 50)} / ${percentile(load, 95)}`,
    );
    const failed = during.filter((sample) => !sample.ok).length;
    if (failed > 0)
      result.problem(
        `${failed} page requests failed while slow sockets were open`,
      );
  } finally {
    for (const { socket } of open) socket.destroy();
    await instance.stop();
    await database.drop();
  }
  return result;
}
