// The public journeys when the page's script files arrive 5 s late and the
// visitor acts at once (issue 48, item 3): a click made before the files
// come does what it does after.
import { test } from "@playwright/test";

import { delayScriptFiles, publicJourneyTests } from "./support/script-files";

test.describe("every script file 5 s late, the visitor acting at once", () => {
  publicJourneyTests((page) => delayScriptFiles(page, 5000), true);
});
