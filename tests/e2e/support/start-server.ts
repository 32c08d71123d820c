// Starts one production server for the journeys on a fresh embedded database
// (see playwright.config.ts for what each kind holds).
import { spawn } from "node:child_process";
import { rmSync } from "node:fs";
import path from "node:path";

const kind = process.argv[2];
const kinds = ["seeded", "empty", "broken", "mutable", "mail", "archive"];
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

const server = spawn(process.execPath, ["server/main.ts"], {
  env,
  stdio: "inherit",
});
for (const signal of ["SIGTERM", "SIGINT"] as const) {
  process.on(signal, () => server.kill(signal));
}
server.on("exit", (code) => process.exit(code ?? 0));
