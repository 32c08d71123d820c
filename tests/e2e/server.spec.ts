import { spawn } from "node:child_process";
import { mkdtempSync } from "node:fs";
import { request as httpRequest } from "node:http";
import { tmpdir } from "node:os";
import path from "node:path";

import { expect, test } from "@playwright/test";

import { serverUrl } from "../../playwright.config";

test("hashed assets are cached for a year; pages are not", async ({
  request,
}) => {
  const page = await request.get(serverUrl("seeded") + "/");
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
  const port = 4180 + Number(process.env.E2E_PORT_BASE ?? 0);
  const child = spawn(process.execPath, ["server/main.ts"], {
    env: {
      ...process.env,
      PORT: String(port),
      DATA_DIR: dataDir,
      LOG_LEVEL: "info",
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout.on("data", (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on("data", (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) =>
    child.on("exit", resolve),
  );

  try {
    await expect
      .poll(
        async () =>
          (await fetch(`http://127.0.0.1:${port}/readyz`).catch(() => null))
            ?.status,
        {
          timeout: 90_000,
        },
      )
      .toBe(200);
  } catch (error) {
    throw new Error(`server did not become ready:\n${output}`, {
      cause: error,
    });
  }
  // A request in flight when the signal arrives still completes. The signal
  // goes once the server has answered "100 Continue": it has the request by
  // then (a bare fetch could still be connecting and find the port closed).
  const inFlight = new Promise<number | undefined>((resolve, reject) => {
    const request = httpRequest(
      {
        host: "127.0.0.1",
        port,
        path: "/about",
        headers: { expect: "100-continue" },
      },
      (response) => {
        response.resume();
        response.on("end", () => resolve(response.statusCode));
      },
    );
    request.on("error", reject);
    request.on("continue", () => {
      child.kill("SIGTERM");
      request.end();
    });
    request.flushHeaders();
  });
  expect(await inFlight).toBe(200);
  expect(await exited).toBe(0);
  expect(output).toContain('"msg":"stopped"');
});
