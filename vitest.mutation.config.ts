// The post lifecycle's tests, for its mutation check (npm run mutation,
// stryker.config.json): what would notice a changed rule in
// database/post-lifecycle/. Letting Stryker find every test that imports the
// lifecycle somewhere (the archive, the backups, the readers) makes its first
// run longer than the check itself.
import { defineConfig } from "vitest/config";

import base, { project } from "./vitest.config.ts";

// One project, each file in its own module scope as Stryker expects, not
// the run's two.
const run = { ...base.test, projects: undefined };

export default defineConfig({
  ...project,
  test: {
    ...project.test,
    ...run,
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
