// npm run docs:content: rewrites the section tables' and the posts table's
// parts of docs/CONTENT.md from database/sections.ts and
// database/post-lifecycle/fields.ts (scripts/lib/content-doc.ts).
import { writeFile } from "node:fs/promises";

import { CONTENT_DOC, contentDoc } from "./lib/content-doc";

await writeFile(CONTENT_DOC, await contentDoc());
console.log(
  `${CONTENT_DOC}: section tables and post fields written from database/sections.ts and database/post-lifecycle/fields.ts`,
);
