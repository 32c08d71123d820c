import { createContext } from "react-router";

import type { SiteAuth } from "~/auth/auth.server";
import type { SiteSettings } from "~/config/site";
import type { JsonLdObject } from "~/lib/seo";
import type { Database } from "~database/client";
import type { Env } from "~shared/env";
import type { Logger } from "~shared/logger";

/** Where a document's inline scripts and styles may come from, by hash (server/security.ts). */
export interface InlineSources {
  scripts: ReadonlyArray<string>;
  styles: ReadonlyArray<string>;
}

export interface AppServices {
  /** The site's better-auth instance over `db` (sessions, sign-in, the owner gate). */
  auth: SiteAuth;
  db: Database;
  env: Env;
  /** The server log, for failures a page handles quietly (logged only: the visitor sees a notice). */
  logger: Logger;
  /** The mail outbox worker: nudged after a message enqueues its notification. */
  mail: { nudge(): void };
  /** Per-response CSP nonce for inline scripts. */
  nonce: string;
  /** Per-response key of the contact form (shared/per-response.ts): a resent message is stored once. */
  formKey: string;
  /**
   * Marks this response as showing a failure (a content read failed): the
   * page cache must not keep it, so the page recovers as soon as the
   * database does.
   */
  pageIncomplete(): void;
  /**
   * The hashes of the document's inline scripts and styles: the page cache
   * sends a kept page under them in place of a nonce (decision 025).
   */
  inlineSources(sources: InlineSources): void;
  /**
   * The JSON-LD of this document (addStructuredData): written into its head
   * by the root's layout, never part of any route's data.
   */
  structuredData: JsonLdObject[];
  /** The site settings as saved over the defaults (docs/decisions/041): read once per change, not per request. */
  settings: SiteSettings;
}

/** Server services, handed to loaders and actions through the request context. */
export const servicesContext = createContext<AppServices>();
