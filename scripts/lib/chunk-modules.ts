// Records which source modules went into each client chunk
// (build/chunk-modules.json), so a test can prove that no public route's
// first load carries studio code (tests/e2e/budget.spec.ts).
import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";

import type { Plugin } from "vite";

export const CHUNK_MODULES_FILE = "chunk-modules.json";

export function chunkModules(): Plugin {
  return {
    name: "chunk-modules",
    applyToEnvironment: (environment) => environment.name === "client",
    writeBundle(options, bundle) {
      const outDir = options.dir ?? "build/client";
      const chunks: Record<string, string[]> = {};
      for (const output of Object.values(bundle)) {
        if (output.type !== "chunk") continue;
        chunks[`/${output.fileName}`] = output.moduleIds.map((id) =>
          path.relative(process.cwd(), id.replace(/^\0/, "")),
        );
      }
      const file = path.resolve(outDir, "..", CHUNK_MODULES_FILE);
      mkdirSync(path.dirname(file), { recursive: true });
      writeFileSync(file, JSON.stringify(chunks, null, 1));
    },
  };
}
