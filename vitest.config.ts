import { defineConfig } from "vitest/config";

import { inlineScripts } from "./scripts/lib/inline-script.ts";

export default defineConfig({
  resolve: { tsconfigPaths: true },
  // The document code imports the boot script as minified source.
  plugins: [inlineScripts()],
  test: {
    include: ["{app,server,database,shared,scripts,tests}/**/*.test.{ts,tsx}"],
    environment: "node",
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
