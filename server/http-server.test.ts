import { once } from "node:events";
import type { AddressInfo } from "node:net";
import net from "node:net";

import { afterEach, describe, expect, test } from "vitest";

import { ARCHIVE_IMPORT_BODY_BYTES } from "~/studio/archive";

import { createHttpServer, SERVER_LIMITS } from "./http-server";
import { bodyDeadlineMs } from "./limits";

// The same server with its deadlines scaled down, so the test waits little.
const limits = {
  ...SERVER_LIMITS,
  headersTimeoutMs: 300,
  requestTimeoutMs: 600,
  idleTimeoutMs: 2_000,
  checkIntervalMs: 50,
  maxConnections: 3,
  connectionsPerAddress: 0,
};

let close: (() => Promise<void>) | undefined;
afterEach(async () => {
  await close?.();
  close = undefined;
});

async function start(serverLimits = limits) {
  const server = createHttpServer((req, res) => {
    req.resume();
    req.on("end", () => res.end("ok"));
  }, serverLimits);
  server.listen(0, "127.0.0.1");
  await once(server, "listening");
  close = async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  };
  return (server.address() as AddressInfo).port;
}

/** Opens a socket (from `from`, a loopback address), writes `first`, then nothing more; resolves with what the server said before it closed the socket. */
async function stall(
  port: number,
  first: string,
  from = "127.0.0.1",
): Promise<string> {
  const socket = net.connect({ port, host: "127.0.0.1", localAddress: from });
  await once(socket, "connect");
  socket.write(first);
  const chunks: Buffer[] = [];
  socket.on("data", (chunk: Buffer) => chunks.push(chunk));
  await once(socket, "close");
  return Buffer.concat(chunks).toString("utf8");
}

describe("the HTTP server cuts off slow clients", () => {
  test("by default: headers within 10 s, at most 512 sockets, 64 per address; the request backstop covers the slowest largest body", () => {
    expect(SERVER_LIMITS).toMatchObject({
      headersTimeoutMs: 10_000,
      maxConnections: 512,
      connectionsPerAddress: 64,
    });
    expect(SERVER_LIMITS.requestTimeoutMs).toBeGreaterThanOrEqual(
      bodyDeadlineMs(ARCHIVE_IMPORT_BODY_BYTES),
    );
    const server = createHttpServer(() => {});
    expect(server.headersTimeout).toBe(10_000);
    expect(server.requestTimeout).toBe(SERVER_LIMITS.requestTimeoutMs);
    expect(server.maxConnections).toBe(512);
  });

  test("one client holding sockets with unfinished headers cannot take them all: others are still answered", async () => {
    const port = await start({
      ...limits,
      maxConnections: 8,
      connectionsPerAddress: 3,
    });
    // More sockets than the whole server takes, from one address, each
    // with a request line and headers that never end.
    const attacker = await Promise.all(
      Array.from({ length: 10 }, async () => {
        const socket = net.connect({
          port,
          host: "127.0.0.1",
          localAddress: "127.0.0.2",
        });
        const chunks: Buffer[] = [];
        socket.on("data", (chunk: Buffer) => chunks.push(chunk));
        // A refused socket is reset: its 'error' is expected, not a failure.
        const closed = new Promise<string>((resolve) =>
          socket.once("close", () =>
            resolve(Buffer.concat(chunks).toString("utf8")),
          ),
        );
        socket.on("error", () => {});
        await once(socket, "connect");
        socket.write("GET / HTTP/1.1\r\n");
        return { socket, closed };
      }),
    );
    const other = await stall(
      port,
      "GET / HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n",
      "127.0.0.3",
    );
    expect(other).toMatch(/^HTTP\/1\.1 200[\s\S]*ok$/);
    // The attacker's sockets over its share were closed unanswered; those
    // it holds meet the header deadline like anyone's.
    const answers = await Promise.all(attacker.map(({ closed }) => closed));
    expect(answers.filter((answer) => answer === "")).toHaveLength(7);
    expect(
      answers.filter((answer) => /^HTTP\/1\.1 408/.test(answer)),
    ).toHaveLength(3);
  });

  test("headers that never finish are answered 408 and the socket closed", async () => {
    const port = await start();
    const answer = await stall(port, "GET / HTTP/1.1\r\nHost: x\r\nX-Slow: ");
    expect(answer).toMatch(/^HTTP\/1\.1 408/);
  });

  test("a body that trickles past the backstop is answered 408 and the socket closed", async () => {
    const port = await start();
    const answer = await stall(
      port,
      "POST /contact HTTP/1.1\r\nHost: x\r\nContent-Length: 1000\r\n\r\nname=",
    );
    expect(answer).toMatch(/^HTTP\/1\.1 408/);
  });

  test("sockets over the cap are closed at once while those open are served", async () => {
    const port = await start();
    const held = await Promise.all(
      Array.from({ length: limits.maxConnections }, async () => {
        const socket = net.connect(port, "127.0.0.1");
        await once(socket, "connect");
        return socket;
      }),
    );
    // Give the server the sockets before the one over the cap arrives.
    held[0]?.write("GET / HTTP/1.1\r\nHost: x\r\n\r\n");
    await once(held[0] as net.Socket, "data");
    const extra = await stall(port, "GET / HTTP/1.1\r\nHost: x\r\n\r\n");
    expect(extra).toBe("");
    for (const socket of held) socket.destroy();
  });
});
