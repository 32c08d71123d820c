// The public journeys when the page's script files never arrive (issue 48,
// item 3): everything the specification lets a visitor do works from the
// server's HTML and the document's own few lines of inline script.
import { test } from "@playwright/test";

import { blockScriptFiles, publicJourneyTests } from "./support/script-files";

test.describe("every script file blocked", () => {
  publicJourneyTests(blockScriptFiles, false);
});
