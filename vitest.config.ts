import { availableParallelism } from "node:os";

import { defineConfig } from "vitest/config";

import { inlineScripts } from "./scripts/lib/inline-script.ts";
import { islands } from "./scripts/lib/islands.ts";

export default defineConfig({
  resolve: { tsconfigPaths: true },
  // The document code imports the page script as minified source, and the
  // islands' addresses (their sources' under a test).
  plugins: [inlineScripts(), islands()],
  test: {
    include: ["{app,server,database,shared,scripts,tests}/**/*.test.{ts,tsx}"],
    environment: "node",
    // Every core, stated: left to itself this version ran one file at a
    // time on a two-core machine, though most files wait on a database or
    // a server rather than compute.
    maxWorkers: Math.max(2, availableParallelism()),
    globalSetup: ["tests/support/global-setup.ts"],
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
