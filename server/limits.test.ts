import { once } from "node:events";
import type { AddressInfo } from "node:net";
import net from "node:net";

import express from "express";
import { describe, expect, test } from "vitest";

import { openDatabase } from "~database/client";
import { requestLimits } from "~database/schema";
import { createTestDatabase, testDatabaseKinds } from "~tests/support/database";

import {
  countRequest,
  countRequests,
  sweepRequestCounts,
} from "~database/request-counts";

import { unmapped } from "./client-key";
import { bodyLimit, clientKey, pathKey } from "./limits";
import type { BodyTiming } from "./limits";

describe("who and where a post counts for", () => {
  test("IPv4 as is, IPv4-mapped IPv6 as IPv4, other IPv6 by its /64", () => {
    expect(clientKey("203.0.113.7")).toBe("203.0.113.7");
    expect(clientKey("::ffff:203.0.113.7")).toBe("203.0.113.7");
    expect(clientKey("2001:db8:85a3:1:aaaa:bbbb:cccc:dddd")).toBe(
      "2001:db8:85a3:1::/64",
    );
    expect(clientKey("2001:db8:85a3:1::2")).toBe(
      clientKey("2001:0DB8:85a3:0001:ffff::9"),
    );
    expect(clientKey("::1")).toBe("0:0:0:0::/64");
    expect(clientKey(undefined)).toBe("unknown");
  });

  test("listening on every address, an IPv4 client is still its IPv4 address to sign-in and readers", () => {
    expect(unmapped("::ffff:203.0.113.7")).toBe("203.0.113.7");
    expect(unmapped("203.0.113.7")).toBe("203.0.113.7");
    expect(unmapped("2001:db8::2")).toBe("2001:db8::2");
    expect(unmapped(undefined)).toBe("");
  });

  test("a page and its data requests share one counter", () => {
    expect(pathKey("/contact")).toBe("/contact");
    expect(pathKey("/contact.data")).toBe("/contact");
    expect(pathKey("/Contact/")).toBe("/contact");
    expect(pathKey("/_root.data")).toBe("/");
    expect(pathKey("/")).toBe("/");
  });

  test("every spelling the router matches as one path counts as that path", () => {
    const spellings = [
      "/%63ontact",
      "/c%6Fntact",
      "/%43ONTACT",
      "/CONTACT/",
      "//contact",
      "/contact//",
      "/x/../contact",
      "/x/%2e%2E/contact",
      "/./contact",
      "\\contact",
      "/%43ontact.data",
      "/contact/_.data",
    ];
    for (const spelling of spellings)
      expect({ spelling, key: pathKey(spelling) }).toEqual({
        spelling,
        key: "/contact",
      });
    // A malformed escape is counted as it came, never an error.
    expect(pathKey("/%E0%A4%A")).toBe("/%e0%a4%a");
  });
});

// A new embedded database takes seconds to start on a busy machine.
describe.each(testDatabaseKinds)(
  "request counts on %s",
  { timeout: 60_000 },
  (kind) => {
    test("count up within a window, start again after it, and are swept when their own window ends", async () => {
      const database = await createTestDatabase(kind);
      try {
        // A longer window (an account's sign-in failures) outlives the sweeps
        // that forget the short ones.
        await countRequest(database.db, "sign-in-failures:long", 15 * 60_000);
        const counts = [];
        for (let index = 0; index < 3; index++)
          counts.push((await countRequest(database.db, "k", 400)).count);
        expect(counts).toEqual([1, 2, 3]);
        expect((await countRequest(database.db, "other", 400)).count).toBe(1);
        const both = await countRequests(database.db, ["k", "all"], 400);
        expect(both.map((counted) => counted.count)).toEqual([4, 1]);

        await expect
          .poll(async () => (await countRequest(database.db, "k", 400)).count, {
            interval: 150,
            timeout: 5_000,
          })
          .toBe(1);

        await expect
          .poll(
            async () => {
              await sweepRequestCounts(database.db);
              return database.db
                .select({ key: requestLimits.key, count: requestLimits.count })
                .from(requestLimits);
            },
            { interval: 150, timeout: 5_000 },
          )
          .toEqual([{ key: "sign-in-failures:long", count: 1 }]);
      } finally {
        await database.dispose();
      }
    });
  },
);

describe.skipIf(!process.env.TEST_DATABASE_URL)(
  "request counts across instances",
  () => {
    test("concurrent posts through two connection pools are each counted once", async () => {
      const database = await createTestDatabase("postgres");
      const second = await openDatabase({
        databaseUrl: database.url,
        dataDir: "",
      });
      try {
        const counts = await Promise.all(
          Array.from({ length: 60 }, (_, index) =>
            countRequest(
              index % 2 === 0 ? database.db : second.db,
              "post:203.0.113.7:/contact",
              60_000,
            ).then(({ count }) => count),
          ),
        );
        expect(counts.sort((a, b) => a - b)).toEqual(
          Array.from({ length: 60 }, (_, index) => index + 1),
        );
      } finally {
        await second.close();
        await database.dispose();
      }
    });
  },
);

describe("a body's deadline grows with its size; a body that stops is cut off", () => {
  // The same rule at a small scale: 1 KB a second, a 1 s start, 1.5 s still
  // (room for a busy machine's late timers between the pieces sent).
  const timing: BodyTiming = {
    minBytesPerSecond: 1000,
    baseMs: 1000,
    stallMs: 1500,
    checkMs: 50,
  };

  async function start() {
    const app = express();
    app.use(bodyLimit(() => 100_000, timing));
    // Answers before reading its body, as a redirect or a refusal does.
    app.post("/early", (_req, res) => res.redirect(302, "/sign-in"));
    app.post("/upload", (req, res) => {
      let bytes = 0;
      req.on("data", (chunk: Buffer) => (bytes += chunk.length));
      req.on("end", () => res.json({ bytes }));
    });
    const server = app.listen(0, "127.0.0.1");
    await once(server, "listening");
    return {
      port: (server.address() as AddressInfo).port,
      close: () => {
        server.closeAllConnections();
        server.close();
      },
    };
  }

  /** Sends `length` bytes in pieces of `piece`, one each `everyMs`, then waits for the answer and the socket's end. */
  async function send(
    port: number,
    length: number,
    piece: number,
    everyMs: number,
    stopAfter = length,
    { path = "/upload", keepAlive = false } = {},
  ): Promise<string> {
    const socket = net.connect(port, "127.0.0.1");
    socket.on("error", () => {});
    await once(socket, "connect");
    const chunks: Buffer[] = [];
    socket.on("data", (chunk: Buffer) => chunks.push(chunk));
    // A socket cut off while it still sends may be reset: its 'error' is expected.
    const closed = new Promise((resolve) => socket.once("close", resolve));
    socket.write(
      `POST ${path} HTTP/1.1\r\nHost: x\r\nContent-Type: application/octet-stream\r\nContent-Length: ${length}\r\n${keepAlive ? "" : "Connection: close\r\n"}\r\n`,
    );
    let sent = 0;
    const timer = setInterval(() => {
      if (sent >= stopAfter || socket.destroyed) return clearInterval(timer);
      const size = Math.min(piece, stopAfter - sent);
      socket.write("a".repeat(size));
      sent += size;
    }, everyMs);
    // A kept-alive socket still open once everything was sent is reported
    // as it stands: a server that reads the body out would keep it.
    const allSent = new Promise<string>((resolve) => {
      if (!keepAlive) return;
      const check = setInterval(() => {
        if (sent < stopAfter && !socket.destroyed) return;
        clearInterval(check);
        resolve("sent");
      }, everyMs);
    });
    const ended = await Promise.race([closed.then(() => "closed"), allSent]);
    clearInterval(timer);
    socket.destroy();
    return `${Buffer.concat(chunks).toString("utf8")}${ended === "closed" ? "" : "\nSTILL OPEN"}`;
  }

  test("a body that comes steadily within its deadline arrives", async () => {
    const site = await start();
    try {
      // 2,000 bytes: 3 s allowed; sent in about 1 s.
      const answer = await send(site.port, 2000, 200, 100);
      expect(answer).toMatch(/^HTTP\/1\.1 200/);
      expect(answer).toContain('{"bytes":2000}');
    } finally {
      site.close();
    }
  });

  test("a body that stops arriving is answered 408 and the socket closed", async () => {
    const site = await start();
    try {
      const answer = await send(site.port, 50_000, 500, 50, 1000);
      expect(answer).toMatch(/^HTTP\/1\.1 408/);
      expect(answer).toContain("stopped arriving");
    } finally {
      site.close();
    }
  });

  test("a body that keeps trickling past its deadline is answered 408", async () => {
    const site = await start();
    try {
      // 2,000 bytes: 3 s allowed; at 20 bytes each 100 ms it would take 10 s,
      // never still for long.
      const answer = await send(site.port, 2000, 20, 100);
      expect(answer).toMatch(/^HTTP\/1\.1 408/);
      expect(answer).toContain("took too long");
    } finally {
      site.close();
    }
  });

  test("an answer given before the body is read closes the connection", async () => {
    const site = await start();
    try {
      // 5,000 bytes: 6 s allowed; one byte each 100 ms never stalls. Had
      // the connection stayed open, all 40 bytes would go and it would
      // be reported still open.
      const answer = await send(site.port, 5000, 1, 100, 40, {
        path: "/early",
        keepAlive: true,
      });
      expect(answer).toMatch(/^HTTP\/1\.1 302/);
      expect(answer).toMatch(/\r\nConnection: close\r\n/i);
      expect(answer).not.toContain("STILL OPEN");
    } finally {
      site.close();
    }
  });
});
