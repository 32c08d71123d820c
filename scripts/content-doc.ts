// npm run docs:content: rewrites the section tables' part of docs/CONTENT.md
// from database/sections.ts (scripts/lib/content-doc.ts).
import { writeFile } from "node:fs/promises";

import { CONTENT_DOC, contentDoc } from "./lib/content-doc";

await writeFile(CONTENT_DOC, await contentDoc());
console.log(`${CONTENT_DOC}: section tables written from database/sections.ts`);
