// The post lifecycle's tests, for its mutation check (npm run mutation,
// stryker.config.json): what would notice a changed rule in
// database/post-lifecycle/. Letting Stryker find every test that imports the
// lifecycle somewhere (the archive, the backups, the readers) makes its first
// run longer than the check itself.
import { defineConfig } from "vitest/config";

import base from "./vitest.config.ts";

export default defineConfig({
  ...base,
  test: {
    ...base.test,
    include: [
      "database/post-lifecycle/*.test.ts",
      "database/seed.test.ts",
      "database/trash.test.ts",
      "app/data/studio-posts.server.test.ts",
      "app/data/studio-lists.server.test.ts",
      "app/studio/save-post*.test.ts",
      "app/studio/unpublish-race.server.test.ts",
      "app/routes/studio/post-save.test.ts",
      "app/data/content-archive*.test.ts",
    ],
  },
});
