// Writes the favicon set and web app manifest into public/ (npm run icons).
// Run it after changing the site's identity in app/config/site.ts; a unit
// test fails while the committed files differ from what this would write.
import { writeFileSync } from "node:fs";
import path from "node:path";

import { iconFiles } from "./icons.ts";

for (const [name, data] of iconFiles()) {
  writeFileSync(path.resolve("public", name), data);
  console.log(`public/${name} (${data.length} bytes)`);
}
