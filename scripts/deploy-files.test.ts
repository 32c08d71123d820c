// The files in deploy/ stay true to the code: what the unit runs exists, the
// example environment parses, the proxy template names only what the guide
// substitutes. (nginx itself runs them in `npm run drill -- deploy`.)
import { execFileSync } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";

import { describe, expect, test } from "vitest";

import { parseEnv } from "~shared/env";

const read = (file: string) => readFileSync(file, "utf8");

describe("deploy/", () => {
  test("the example environment is valid and every variable is documented", () => {
    const variables = Object.fromEntries(
      read("deploy/env.example")
        .split("\n")
        .filter((line) => /^[A-Z_]+=/.test(line))
        .map((line) => [
          line.slice(0, line.indexOf("=")),
          line.slice(line.indexOf("=") + 1),
        ]),
    );
    expect(() =>
      parseEnv({ ...variables, METRICS_TOKEN: "x".repeat(24) }),
    ).not.toThrow();
    const readme = read("README.md");
    for (const name of Object.keys(variables))
      expect(readme, name).toContain(`\`${name}\``);
  });

  test("the units run files that exist", () => {
    const unit = read("deploy/live-site@.service");
    expect(unit).toMatch(
      /^ExecStart=\S+\/node_modules\/\.bin\/node server\/main\.ts$/m,
    );
    expect(existsSync("server/main.ts")).toBe(true);
    expect(existsSync("node_modules/.bin/node")).toBe(true);
    expect(unit).toMatch(/^Environment=.*PORT=%i/m);
    const backup = read("deploy/live-site-backup.service");
    expect(backup).toContain("scripts/backup.ts --out");
    expect(existsSync("scripts/backup.ts")).toBe(true);
    expect(read("deploy/live-site-backup.timer")).toMatch(/^OnCalendar=/m);
  });

  test("the proxy template names only the variables the guide substitutes", () => {
    const template = read("deploy/nginx/live-site.conf.template");
    const named = new Set(
      [...template.matchAll(/\$\{([A-Z_]+)\}/g)].map((match) => match[1]),
    );
    const command = /envsubst '([^']+)'/.exec(template)?.[1] ?? "";
    const substituted = new Set(
      command
        .split(/\s+/)
        .filter((word) => word.startsWith("$"))
        .map((name) => name.slice(1)),
    );
    expect(named).toEqual(substituted);
    for (const name of named) expect(name).toMatch(/^LIVE_SITE_/);
    expect(template).toMatch(/listen \$\{LIVE_SITE_HTTPS_PORT\} ssl http2;/);
    expect(template).toContain(
      "proxy_set_header X-Forwarded-For $remote_addr;",
    );
  });

  test("rolling-restart.sh is valid shell and finds the upstream's server lines", () => {
    execFileSync("sh", ["-n", "deploy/rolling-restart.sh"]);
    const servers = read("deploy/nginx/upstream.conf").match(
      /^\s*server 127\.0\.0\.1:\d+ [^;]*;$/gm,
    );
    expect(servers?.length).toBeGreaterThanOrEqual(2);
  });
});
