import { createContext } from "react-router";

import type { SiteAuth } from "~/auth/auth.server";
import type { DocumentPiece } from "~/lib/document-pieces";
import type { InlineSources } from "~/lib/document.server";
import type { SiteSettings } from "~/config/site";
import type { JsonLdObject } from "~/lib/seo";
import type { Database } from "~database/client";
import type { Env } from "~shared/env";
import type { Logger } from "~shared/logger";

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
   * Counts a page whose pieces of React Router's HTML the paint-first pass
   * did not all find (metrics): a framework upgrade changed their shape.
   */
  documentPiecesMissing(pieces: ReadonlyArray<DocumentPiece>): void;
  /**
   * The JSON-LD of this document (addStructuredData): written into its head
   * by the server, never sent to the browser as loader data.
   */
  structuredData: JsonLdObject[];
  /**
   * Whether this response is a whole document (false: a client
   * navigation's data request). A document's loaders put long HTML in
   * documentHtml rather than in their data (onceInDocument).
   */
  wholeDocument: boolean;
  /** HTML this document renders once, by key (app/lib/document-html.ts). */
  documentHtml: Map<string, string>;
  /** The site settings as saved over the defaults (docs/decisions/041): read once per change, not per request. */
  settings: SiteSettings;
}

/** Server services, handed to loaders and actions through the request context. */
export const servicesContext = createContext<AppServices>();
