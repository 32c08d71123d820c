import { createContext } from "react-router";

import type { Database } from "../database/client.ts";
import type { Env } from "../server/env.ts";
import type { Logger } from "../server/logger.ts";

export interface AppServices {
  db: Database;
  env: Env;
  /** The server log, for failures a page handles quietly (spec §8: "logged only"). */
  logger: Logger;
  /** The mail outbox worker: nudged after a message enqueues its notification. */
  mail: { nudge(): void };
  /** Per-response CSP nonce for inline scripts. */
  nonce: string;
  /** Per-response key of the contact form (server/per-response.ts): a resent message is stored once. */
  formKey: string;
  /**
   * Marks this response as showing a failure (a content read failed): the
   * page cache must not keep it, so the page recovers as soon as the
   * database does.
   */
  pageIncomplete(): void;
}

/** Server services, handed to loaders and actions through the request context. */
export const servicesContext = createContext<AppServices>();
