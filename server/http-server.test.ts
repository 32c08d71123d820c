import { once } from "node:events";
import type { AddressInfo } from "node:net";
import net from "node:net";

import { afterEach, describe, expect, test } from "vitest";

import { createHttpServer, SERVER_LIMITS } from "./http-server";

// The same server with its deadlines scaled down, so the test waits little.
const limits = {
  ...SERVER_LIMITS,
  headersTimeoutMs: 300,
  requestTimeoutMs: 600,
  idleTimeoutMs: 2_000,
  checkIntervalMs: 50,
  maxConnections: 3,
};

let close: (() => Promise<void>) | undefined;
afterEach(async () => {
  await close?.();
  close = undefined;
});

async function start() {
  const server = createHttpServer((req, res) => {
    req.resume();
    req.on("end", () => res.end("ok"));
  }, limits);
  server.listen(0, "127.0.0.1");
  await once(server, "listening");
  close = async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  };
  return (server.address() as AddressInfo).port;
}

/** Opens a socket, writes `first`, then nothing more; resolves with what the server said before it closed the socket. */
async function stall(port: number, first: string): Promise<string> {
  const socket = net.connect(port, "127.0.0.1");
  await once(socket, "connect");
  socket.write(first);
  const chunks: Buffer[] = [];
  socket.on("data", (chunk: Buffer) => chunks.push(chunk));
  await once(socket, "close");
  return Buffer.concat(chunks).toString("utf8");
}

describe("the HTTP server cuts off slow clients", () => {
  test("by default: headers within 10 s, the whole request within 15 s, at most 512 sockets", () => {
    expect(SERVER_LIMITS).toMatchObject({
      headersTimeoutMs: 10_000,
      requestTimeoutMs: 15_000,
      maxConnections: 512,
    });
    const server = createHttpServer(() => {});
    expect(server.headersTimeout).toBe(10_000);
    expect(server.requestTimeout).toBe(15_000);
    expect(server.maxConnections).toBe(512);
  });

  test("headers that never finish are answered 408 and the socket closed", async () => {
    const port = await start();
    const answer = await stall(port, "GET / HTTP/1.1\r\nHost: x\r\nX-Slow: ");
    expect(answer).toMatch(/^HTTP\/1\.1 408/);
  });

  test("a body that trickles past the deadline is answered 408 and the socket closed", async () => {
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
