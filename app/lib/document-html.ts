// Long HTML that a whole document carries once: a post's body is in the
// page's HTML, so the hydration data leaves it out (a second copy, escaped
// as a string, cost the post page a round trip; docs/decisions/047). The
// server renders it from this context; in the browser the context is empty
// and the element keeps what the server sent.
import { createContext } from "react";

/** The HTML of each key on this document (the server's render only). */
export const DocumentHtml = createContext<ReadonlyMap<string, string>>(
  new Map(),
);

/** The key of a post's body. */
export const POST_BODY = "post-body";
