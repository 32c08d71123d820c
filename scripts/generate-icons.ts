// Writes the favicon set, web app manifest and content-icon sprite (npm run icons).
// Run it after changing the site's identity in app/config/site.ts; a unit
// test fails while the committed files differ from what this would write.
import { writeFileSync } from "node:fs";
import path from "node:path";

import { generatedFiles } from "./icons";

for (const [file, data] of generatedFiles()) {
  writeFileSync(path.resolve(file), data);
  console.log(`${file} (${data.length} bytes)`);
}
