// Starts one production server for the journeys on a fresh embedded database
// (see playwright.config.ts for what each kind holds).
import { spawn } from "node:child_process";
import { rmSync } from "node:fs";
import path from "node:path";

import pg from "pg";

// Playwright runs this file with plain node, which knows no ~ aliases.
// eslint-disable-next-line no-restricted-imports
import { launchServer } from "../../../scripts/lib/server.ts";

const kind = process.argv[2];
const kinds = [
  "seeded",
  "empty",
  "broken",
  "mutable",
  "mail",
  "archive",
  "held",
];
if (!kind || !kinds.includes(kind)) {
  console.error(`usage: start-server.ts ${kinds.join("|")}`);
  process.exit(2);
}

const dataDir = path.resolve(".e2e", `${kind}-${process.env.PORT}`);
rmSync(dataDir, { recursive: true, force: true });

const env: NodeJS.ProcessEnv = {
  ...process.env,
  NODE_ENV: "production",
  DATA_DIR: dataDir,
};
delete env.DATABASE_URL;
// The held server's database (playwright.config.ts) is made afresh on PostgreSQL.
const databaseUrl =
  kind === "held" ? process.env.E2E_DATABASE_URL || undefined : undefined;
if (kind === "held") {
  if (!databaseUrl) throw new Error("the held server needs TEST_DATABASE_URL");
  const name = new URL(databaseUrl).pathname.slice(1);
  const admin = new pg.Client({
    connectionString: process.env.TEST_DATABASE_URL,
  });
  await admin.connect();
  await admin.query(`drop database if exists ${name} with (force)`);
  await admin.query(`create database ${name}`);
  await admin.end();
  env.DATABASE_URL = databaseUrl;
}
if (kind !== "seeded") {
  const prepare = spawn(
    path.resolve("node_modules/.bin/tsx"),
    ["tests/e2e/support/prepare.ts", kind],
    {
      env,
      stdio: "inherit",
    },
  );
  const code = await new Promise<number | null>((resolve) =>
    prepare.on("exit", resolve),
  );
  if (code !== 0) process.exit(code ?? 1);
}

// Playwright waits for /readyz itself and shows the server's output.
const server = await launchServer({
  env: { DATA_DIR: dataDir, DATABASE_URL: databaseUrl, HOST: process.env.HOST },
  log: "inherit",
  waitUntilReady: false,
});
for (const signal of ["SIGTERM", "SIGINT"] as const) {
  process.on(signal, () => server.process.kill(signal));
}
process.exit((await server.exited) ?? 0);
