// Starts every journey server at once (tests/e2e/support/servers.ts), and
// answers on allServersReadyUrl once all of them are ready; Playwright waits
// for that one address. Ends them all when it is ended, and ends itself if
// any of them stops.
import { spawn } from "node:child_process";
import type { ChildProcess } from "node:child_process";
import { createServer } from "node:http";

// Run with plain node, which knows no ~ aliases.
// eslint-disable-next-line no-restricted-imports
import { untilReady } from "../../../scripts/lib/server.ts";
import {
  allServersReadyUrl,
  serverEnvironment,
  serverKinds,
  serverUrl,
} from "./servers.ts";

const children = new Map<string, ChildProcess>();
let stopping = false;

function stopAll(code: number): void {
  stopping = true;
  for (const child of children.values()) child.kill("SIGTERM");
  process.exitCode = code;
}

for (const kind of serverKinds()) {
  const child = spawn(
    process.execPath,
    ["tests/e2e/support/start-server.ts", kind],
    {
      env: { ...process.env, ...serverEnvironment(kind) },
      stdio: ["ignore", "ignore", "inherit"],
    },
  );
  children.set(kind, child);
  child.on("exit", (code) => {
    children.delete(kind);
    if (!stopping) {
      console.error(`the ${kind} journey server stopped (${code ?? "signal"})`);
      stopAll(1);
    }
    if (children.size === 0) process.exit();
  });
}
for (const signal of ["SIGTERM", "SIGINT"] as const) {
  process.on(signal, () => stopAll(0));
}

await Promise.all(
  serverKinds().map((kind) => untilReady(serverUrl(kind), () => !stopping)),
);
if (!stopping) {
  const { port } = new URL(allServersReadyUrl);
  createServer((_request, response) => {
    response.writeHead(200, { "content-type": "text/plain" });
    response.end("ready\n");
  })
    .listen(Number(port), "localhost")
    .unref();
}
