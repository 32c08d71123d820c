// The studio's own stylesheet (decision 017): the public sheet leaves out the
// classes only the studio's files use, so every studio document links this
// one too, after the public sheet.
import type { LinkDescriptor } from "react-router";

import studioStylesheet from "./studio.css?url";

export const studioStylesheetLinks: LinkDescriptor[] = [
  { rel: "stylesheet", href: studioStylesheet },
];
