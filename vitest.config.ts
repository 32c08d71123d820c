import { availableParallelism } from "node:os";

import { configDefaults, defineConfig } from "vitest/config";
import type { TestProjectInlineConfiguration } from "vitest/config";

import { inlineScripts } from "./scripts/lib/inline-script.ts";
import { islands } from "./scripts/lib/islands.ts";

/**
 * Files that replace a module for themselves (vi.mock): run in a module
 * scope of their own, so the replacement never reaches another file.
 */
const isolated = ["app/auth/auth-client.test.ts"];

/** What every project of the run shares (vitest.mutation.config.ts too). */
export const project = {
  resolve: { tsconfigPaths: true },
  // The document code imports the page script as minified source, and the
  // islands' addresses (their sources' under a test).
  plugins: [inlineScripts(), islands()],
  test: {
    include: ["{app,server,database,shared,scripts,tests}/**/*.test.{ts,tsx}"],
    environment: "node",
    globalSetup: ["tests/support/global-setup.ts"],
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
} satisfies TestProjectInlineConfiguration;

export default defineConfig({
  test: {
    // Every core, stated: left to itself this version ran one file at a
    // time on a two-core machine, though most files wait on a database or
    // a server rather than compute.
    maxWorkers: Math.max(2, availableParallelism()),
    projects: [
      {
        ...project,
        test: {
          ...project.test,
          name: "shared",
          exclude: [...configDefaults.exclude, ...isolated],
          // A worker keeps the modules it has imported for its next file:
          // importing the app's dependency tree again for every file was a
          // large part of a run. The files share no module state that one
          // sets for another (each opens its own databases, servers and
          // loggers); the ones that mock a module run apart.
          isolate: false,
        },
      },
      {
        ...project,
        test: { ...project.test, name: "isolated", include: isolated },
      },
    ],
  },
});
