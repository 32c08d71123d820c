import { existsSync, mkdtempSync, readFileSync, statSync } from "node:fs";
import { get as httpGet, request as httpRequest } from "node:http";
import type { IncomingHttpHeaders } from "node:http";
import { tmpdir } from "node:os";
import path from "node:path";
import { brotliDecompressSync } from "node:zlib";

import { expect, test } from "@playwright/test";

import { firstLoadScripts, readClientBuild } from "~scripts/lib/budgets";
import { launchServer } from "~scripts/lib/server";

import { serverUrl } from "../../playwright.config";

test("hashed assets are cached for a year; pages are not", async ({
  request,
}) => {
  // The owner's app loads script files; public pages are documents without any.
  const page = await request.get(serverUrl("seeded") + "/sign-in");
  const html = await page.text();
  const asset = /\/assets\/[^"]+\.js/.exec(html)?.[0];
  expect(asset).toBeTruthy();
  const response = await request.get(serverUrl("seeded") + asset);
  expect(response.status()).toBe(200);
  expect(response.headers()["cache-control"]).toBe(
    "public, max-age=31536000, immutable",
  );
  expect(page.headers()["cache-control"] ?? "").not.toContain("immutable");
});

test("the build ships every first-load script precompressed, and a browser gets the brotli one", async ({
  page,
}) => {
  const build = readClientBuild();
  const scripts = firstLoadScripts(build, "routes/sign-in");
  for (const script of scripts) {
    const file = path.join(build.dir, script);
    // Below this neither encoding saves a tenth (route stubs of ~150 bytes).
    if (statSync(file).size < 1024) continue;
    expect(existsSync(`${file}.gz`), `${script}.gz`).toBe(true);
    expect(existsSync(`${file}.br`), `${script}.br`).toBe(true);
  }

  // Exactly the bytes of the .br file, as sent (fetch would decode them).
  const entry = build.manifest.entry.module;
  const sent = await new Promise<{
    headers: IncomingHttpHeaders;
    body: Buffer;
  }>((resolve, reject) => {
    httpGet(
      serverUrl("seeded") + entry,
      { headers: { "accept-encoding": "gzip, deflate, br" } },
      (response) => {
        const chunks: Buffer[] = [];
        response.on("data", (chunk: Buffer) => chunks.push(chunk));
        response.on("end", () =>
          resolve({ headers: response.headers, body: Buffer.concat(chunks) }),
        );
      },
    ).on("error", reject);
  });
  const file = path.join(build.dir, entry);
  expect(sent.headers["content-encoding"]).toBe("br");
  expect(sent.headers["content-type"]).toBe("text/javascript; charset=utf-8");
  expect(sent.headers.vary).toContain("Accept-Encoding");
  expect(sent.headers["cache-control"]).toBe(
    "public, max-age=31536000, immutable",
  );
  expect(sent.body.equals(readFileSync(`${file}.br`))).toBe(true);
  expect(brotliDecompressSync(sent.body).equals(readFileSync(file))).toBe(true);

  // And Chromium gets brotli for every script of a page that has a .br.
  const encodings = new Map<string, string | undefined>();
  page.on("response", (response) => {
    const url = new URL(response.url());
    if (response.request().resourceType() !== "script") return;
    if (!existsSync(path.join(build.dir, `${url.pathname}.br`))) return;
    encodings.set(url.pathname, response.headers()["content-encoding"]);
  });
  await page.goto(serverUrl("seeded") + "/sign-in", {
    waitUntil: "networkidle",
  });
  const precompressed = scripts.filter((script) =>
    existsSync(path.join(build.dir, `${script}.br`)),
  );
  expect([...encodings.keys()].sort()).toEqual(
    expect.arrayContaining(precompressed.sort()),
  );
  expect([...new Set(encodings.values())]).toEqual(["br"]);
});

test("health and readiness answer", async ({ request }) => {
  const health = await request.get(serverUrl("seeded") + "/healthz");
  expect(await health.json()).toEqual({ status: "ok" });
  const ready = await request.get(serverUrl("seeded") + "/readyz");
  expect(await ready.json()).toEqual({ status: "ok", database: "pglite" });
});

test("SIGTERM drains the server and closes the database, exiting cleanly", async () => {
  // Creating a new embedded database takes seconds on a busy machine.
  test.setTimeout(120_000);
  const dataDir = path.join(
    mkdtempSync(path.join(tmpdir(), "site-shutdown-")),
    "db",
  );
  const log = test.info().outputPath("server.log");
  const server = await launchServer({
    name: "the shutdown server",
    port: 4180 + Number(process.env.E2E_PORT_BASE ?? 0),
    requireFreePort: true,
    env: { DATA_DIR: dataDir, DATABASE_URL: undefined, LOG_LEVEL: "info" },
    log,
    readyTimeoutMs: 90_000,
  });
  // A request in flight when the signal arrives still completes. The signal
  // goes once the server has answered "100 Continue": it has the request by
  // then (a bare fetch could still be connecting and find the port closed).
  const inFlight = new Promise<number | undefined>((resolve, reject) => {
    const request = httpRequest(
      `${server.url}/about`,
      { headers: { expect: "100-continue" } },
      (response) => {
        response.resume();
        response.on("end", () => resolve(response.statusCode));
      },
    );
    request.on("error", reject);
    request.on("continue", () => {
      server.process.kill("SIGTERM");
      request.end();
    });
    request.flushHeaders();
  });
  expect(await inFlight).toBe(200);
  expect(await server.exited).toBe(0);
  expect(readFileSync(log, "utf8")).toContain('"msg":"stopped"');
});
