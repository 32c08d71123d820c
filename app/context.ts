import { createContext } from "react-router";

import type { Database } from "../database/client.ts";
import type { Env } from "../server/env.ts";

export interface AppServices {
  db: Database;
  env: Env;
  /** Per-response CSP nonce for inline scripts. */
  nonce: string;
}

/** Server services, handed to loaders and actions through the request context. */
export const servicesContext = createContext<AppServices>();
