import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { request } from "node:http";
import type { IncomingHttpHeaders } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import {
  brotliCompressSync,
  brotliDecompressSync,
  gunzipSync,
  gzipSync,
} from "node:zlib";

import compression from "compression";
import express from "express";
import { afterAll, beforeAll, describe, expect, test } from "vitest";

import { acceptedEncoding, precompressed, staticFiles } from "./precompressed";

const script = Buffer.from(
  Array.from(
    { length: 200 },
    (_, i) => `export const value${i} = ${i};\n`,
  ).join(""),
);
const scriptBr = brotliCompressSync(script);
const scriptGz = gzipSync(script, { level: 9 });
const style = Buffer.from(".card { color: red; }\n".repeat(200));

const files: Record<string, Buffer> = {
  "app.js": script,
  "app.js.br": scriptBr,
  "app.js.gz": scriptGz,
  "style.css": style,
  "style.css.gz": gzipSync(style, { level: 9 }),
  "plain.js": script,
  "gone.js": script,
  "gone.js.br": brotliCompressSync(script),
  "orphan.js.br": brotliCompressSync(script),
  ".hidden/app.js": script,
  ".hidden/app.js.br": brotliCompressSync(script),
};

let root: string;
let base: string;
let close: () => Promise<void>;

/** The production arrangement: compression first, then precompressed, then express.static. */
beforeAll(async () => {
  root = mkdtempSync(path.join(tmpdir(), "precompressed-"));
  const assets = path.join(root, "assets");
  mkdirSync(path.join(assets, ".hidden"), { recursive: true });
  for (const [name, data] of Object.entries(files)) {
    writeFileSync(path.join(assets, name), data);
  }
  // Outside the served directory: must never be reachable.
  writeFileSync(path.join(root, "secret.js"), script);
  writeFileSync(path.join(root, "secret.js.br"), brotliCompressSync(script));

  const app = express();
  app.use(compression());
  app.use("/assets", staticFiles(assets, { immutable: true, maxAge: "1y" }));
  // What comes after the static files: the pages.
  app.use((req, res) => {
    res.status(404).type("text/plain").end(`page ${req.path}`);
  });
  // Deleted after start-up: the middleware still lists it.
  rmSync(path.join(assets, "gone.js.br"));
  // Written after start-up: not one of the build's files.
  writeFileSync(path.join(assets, "late.js"), script);
  ({ base, close } = await listen(app));
});

afterAll(async () => {
  await close();
  rmSync(root, { recursive: true, force: true });
});

async function listen(app: express.Express) {
  const server = app.listen(0, "127.0.0.1");
  await new Promise((resolve) => server.once("listening", resolve));
  return {
    base: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

interface Reply {
  status: number;
  headers: IncomingHttpHeaders;
  /** The bytes as sent, not decoded. */
  body: Buffer;
}

/** A raw request: fetch would decode the body and hide what was sent. */
function send(
  pathname: string,
  headers: Record<string, string> = {},
  method = "GET",
  origin = base,
): Promise<Reply> {
  return new Promise((resolve, reject) => {
    const req = request(`${origin}${pathname}`, { method, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (chunk: Buffer) => chunks.push(chunk));
      res.on("end", () =>
        resolve({
          status: res.statusCode ?? 0,
          headers: res.headers,
          body: Buffer.concat(chunks),
        }),
      );
    });
    req.on("error", reject);
    req.end();
  });
}

const browser = { "Accept-Encoding": "gzip, deflate, br, zstd" };

describe("acceptedEncoding", () => {
  const both = new Set(["br", "gzip"] as const);
  test.each([
    ["gzip, deflate, br, zstd", "br"],
    ["gzip", "gzip"],
    ["br;q=0, gzip", "gzip"],
    ["gzip;q=1, br;q=0.5", "gzip"],
    ["BR;Q=0.8, gzip;q=0.8", "br"],
    ["*", "br"],
    ["*;q=0.5, br;q=0", "gzip"],
    ["gzip;q=0, br;q=0", undefined],
    ["identity", undefined],
    ["deflate", undefined],
    ["", undefined],
    [undefined, undefined],
  ])("%j → %s", (header, expected) => {
    expect(acceptedEncoding(header, both)).toBe(expected);
  });

  test("only encodings with a sibling are chosen", () => {
    expect(acceptedEncoding("br, gzip", new Set(["gzip"] as const))).toBe(
      "gzip",
    );
    expect(acceptedEncoding("br", new Set(["gzip"] as const))).toBeUndefined();
  });
});

describe("precompressed", () => {
  test("a browser gets the brotli sibling, typed and cached as the original", async () => {
    const original = await send("/assets/app.js");
    const reply = await send("/assets/app.js", browser);
    expect(reply.status).toBe(200);
    expect(reply.headers["content-encoding"]).toBe("br");
    expect(reply.headers["content-type"]).toBe(
      original.headers["content-type"],
    );
    expect(reply.headers["content-type"]).toBe(
      "text/javascript; charset=utf-8",
    );
    expect(reply.headers.vary).toBe("Accept-Encoding");
    expect(reply.headers["cache-control"]).toBe(
      "public, max-age=31536000, immutable",
    );
    expect(Number(reply.headers["content-length"])).toBe(reply.body.length);
    expect(reply.body.length).toBeLessThan(script.length / 2);
    expect(reply.body.equals(scriptBr)).toBe(true);
    expect(brotliDecompressSync(reply.body).equals(script)).toBe(true);
  });

  test("a client that only takes gzip gets the gzip sibling", async () => {
    const reply = await send("/assets/app.js", { "Accept-Encoding": "gzip" });
    expect(reply.headers["content-encoding"]).toBe("gzip");
    expect(reply.headers.vary).toBe("Accept-Encoding");
    expect(Number(reply.headers["content-length"])).toBe(reply.body.length);
    expect(reply.body.equals(scriptGz)).toBe(true);
    expect(gunzipSync(reply.body).equals(script)).toBe(true);
  });

  test("a CSS file with only a gzip sibling is sent as CSS in gzip to a browser", async () => {
    const reply = await send("/assets/style.css", browser);
    expect(reply.headers["content-encoding"]).toBe("gzip");
    expect(reply.headers["content-type"]).toBe("text/css; charset=utf-8");
    expect(gunzipSync(reply.body).equals(style)).toBe(true);
  });

  test.each<Record<string, string>>([
    {},
    { "Accept-Encoding": "identity" },
    { "Accept-Encoding": "br;q=0, gzip;q=0" },
  ])(
    "without an accepted encoding the original is sent unchanged (%j)",
    async (headers) => {
      const reply = await send("/assets/app.js", headers);
      expect(reply.status).toBe(200);
      expect(reply.headers["content-encoding"]).toBeUndefined();
      expect(reply.headers.vary).toBe("Accept-Encoding");
      expect(reply.body.equals(script)).toBe(true);
    },
  );

  test("HEAD answers with the sibling's headers and no body", async () => {
    const get = await send("/assets/app.js", browser);
    const head = await send("/assets/app.js", browser, "HEAD");
    expect(head.status).toBe(200);
    expect(head.headers["content-encoding"]).toBe("br");
    expect(head.headers["content-length"]).toBe(String(get.body.length));
    expect(head.headers.etag).toBe(get.headers.etag);
    expect(head.body.length).toBe(0);
  });

  test("each representation has its own ETag, and a matching one gets 304", async () => {
    const br = await send("/assets/app.js", browser);
    const gzip = await send("/assets/app.js", { "Accept-Encoding": "gzip" });
    const identity = await send("/assets/app.js");
    const etags = [br, gzip, identity].map((reply) => reply.headers.etag);
    expect(new Set(etags).size).toBe(3);
    const again = await send("/assets/app.js", {
      ...browser,
      "If-None-Match": String(br.headers.etag),
    });
    expect(again.status).toBe(304);
    expect(again.body.length).toBe(0);
    expect(again.headers["content-encoding"]).toBeUndefined();
  });

  test("a sibling missing since start-up falls through to the original", async () => {
    const identity = await send("/assets/gone.js");
    const reply = await send("/assets/gone.js", browser);
    expect(reply.status).toBe(200);
    // The original's ETag: express.static sent it (compressed on the fly).
    expect(reply.headers.etag).toBe(identity.headers.etag);
    expect(brotliDecompressSync(reply.body).equals(script)).toBe(true);
  });

  test("a file without siblings is left to express.static and compression", async () => {
    const reply = await send("/assets/plain.js", { "Accept-Encoding": "gzip" });
    expect(reply.status).toBe(200);
    expect(reply.headers["content-length"]).toBeUndefined();
    expect(gunzipSync(reply.body).equals(script)).toBe(true);
  });

  test("siblings without an original, of dot files and outside the directory are not served", async () => {
    expect((await send("/assets/orphan.js", browser)).status).toBe(404);
    const hidden = await send("/assets/.hidden/app.js", browser);
    expect(hidden.status).toBe(404);
    expect(hidden.headers["content-encoding"]).toBeUndefined();
    for (const pathname of [
      "/assets/..%2fsecret.js",
      "/assets/%2e%2e/secret.js",
    ]) {
      const reply = await send(pathname, browser);
      expect(reply.status, pathname).not.toBe(200);
      expect(reply.headers["content-encoding"], pathname).toBeUndefined();
    }
  });

  test("responses vary on Accept-Encoding without the compression middleware too", async () => {
    const app = express();
    app.use(precompressed(path.join(root, "assets"), { maxAge: "1h" }));
    const server = await listen(app);
    try {
      for (const headers of [browser, {}]) {
        const reply = await send("/app.js", headers, "HEAD", server.base);
        expect(reply.headers.vary).toBe("Accept-Encoding");
      }
    } finally {
      await server.close();
    }
  });

  test("anything but a file listed at start-up goes straight on to the pages", async () => {
    for (const pathname of [
      "/assets/late.js",
      "/assets/content-hub",
      "/assets/",
    ]) {
      const reply = await send(pathname, browser);
      expect(reply.status, pathname).toBe(404);
      expect(reply.body.toString(), pathname).toBe(`page ${pathname}`);
    }
  });

  test("other methods pass through", async () => {
    const reply = await send("/assets/app.js", browser, "POST");
    expect(reply.status).toBe(404);
    expect(reply.headers["content-encoding"]).toBeUndefined();
  });
});
