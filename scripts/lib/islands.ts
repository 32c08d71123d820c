// Islands (docs/decisions/058): the few public controls the platform cannot
// do alone, each its own small module in app/islands/, loaded by the page
// script only where a page has one and only when it is wanted (in view,
// first touched). Each is an entry of the client build; the server learns
// their built addresses from `virtual:islands`, which the client build
// writes before the server's is made.
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";

import type { Plugin } from "vite";

const VIRTUAL = "virtual:islands";
const RESOLVED = `\0${VIRTUAL}`;
const ISLANDS_DIR = path.resolve("app/islands");
/** Where the client build leaves the addresses, beside its output. */
const ADDRESSES_FILE = "islands.json";

function islandNames(): string[] {
  return readdirSync(ISLANDS_DIR)
    .filter((file) => file.endsWith(".ts") && !file.endsWith(".test.ts"))
    .map((file) => file.slice(0, -".ts".length));
}

export function islands(): Plugin {
  let command: "build" | "serve" = "build";
  let clientOutDir = "build/client";
  return {
    name: "islands",
    configResolved(config) {
      command = config.command;
      clientOutDir = config.environments.client?.build.outDir ?? clientOutDir;
    },
    buildStart() {
      if (this.environment.name !== "client" || command !== "build") return;
      for (const name of islandNames()) {
        this.emitFile({
          type: "chunk",
          id: path.join(ISLANDS_DIR, `${name}.ts`),
          name: `island-${name}`,
        });
      }
    },
    generateBundle(_options, bundle) {
      if (this.environment.name !== "client") return;
      const addresses: Record<string, string> = {};
      for (const output of Object.values(bundle)) {
        if (output.type !== "chunk" || !output.isEntry) continue;
        const match = /^island-(.+)$/.exec(output.name);
        if (match?.[1]) addresses[match[1]] = `/${output.fileName}`;
      }
      const file = path.resolve(clientOutDir, "..", ADDRESSES_FILE);
      mkdirSync(path.dirname(file), { recursive: true });
      writeFileSync(file, JSON.stringify(addresses));
    },
    resolveId(id) {
      return id === VIRTUAL ? RESOLVED : null;
    },
    load(id) {
      if (id !== RESOLVED) return null;
      // The browser's code has no use for them: only the server draws pages.
      if (this.environment.name === "client") return "export default {};";
      const addresses =
        command === "serve"
          ? Object.fromEntries(
              islandNames().map((name) => [name, `/app/islands/${name}.ts`]),
            )
          : (JSON.parse(
              readFileSync(
                path.resolve(clientOutDir, "..", ADDRESSES_FILE),
                "utf8",
              ),
            ) as Record<string, string>);
      return `export default ${JSON.stringify(addresses)};`;
    },
  };
}
