// Documents that answer a POST yet come out the same for every anonymous
// visitor: the contact form's 'Message Sent!' page for a browser without
// JavaScript shows nothing the visitor typed. Rendering it was most of the
// CPU of a contact POST. The action says its answer is such a document by
// naming its outcome in sharedOutcomeContext; entry.server.tsx then renders it
// once per TTL and sends it with each response's own nonce, as
// server/page-cache.ts does for pages.
import { createContext } from "react-router";
import type { EntryContext, RouterContextProvider } from "react-router";

import { ExpiringMap } from "~shared/expiring-map";
import { restamp, unstamp } from "~shared/per-response";
import type { PerResponse } from "~shared/per-response";

/** Set by an action whose document is the same for everyone, e.g. "sent". */
export const sharedOutcomeContext = createContext<string | null>(null);

interface StoredDocument {
  html: string;
  stamp: PerResponse;
}

export interface SharedDocument {
  /** The stored document with this response's nonce and form key in place of those it was rendered with. */
  lookup(): string | undefined;
  store(html: string): void;
}

export interface SharedDocumentOptions {
  ttlMs: number;
  /** This response's CSP nonce and form key. */
  stamp: PerResponse;
}

export class SharedDocuments {
  private readonly documents: ExpiringMap<StoredDocument>;

  constructor(options: { now?: () => number } = {}) {
    this.documents = new ExpiringMap({ maxEntries: 50, now: options.now });
  }

  /**
   * The shared document this response may be, or undefined when it must be
   * rendered for this visitor alone: the action named no shared outcome,
   * something failed, the visitor sent cookies or credentials (a page may be
   * made for them), or caching is off.
   */
  for(
    request: Request,
    context: EntryContext,
    loadContext: RouterContextProvider,
    options: SharedDocumentOptions,
  ): SharedDocument | undefined {
    const outcome = loadContext.get(sharedOutcomeContext);
    const { loaderData, statusCode, errors } = context.staticHandlerContext;
    if (
      outcome === null ||
      statusCode !== 200 ||
      errors !== null ||
      options.ttlMs <= 0 ||
      request.headers.has("cookie") ||
      request.headers.has("authorization")
    ) {
      return undefined;
    }
    const { stamp, ttlMs } = options;
    // Everything the document is rendered from, so a loader that starts
    // returning something else gets a document of its own.
    const key = unstamp(
      JSON.stringify([request.method, request.url, outcome, loaderData]),
      stamp,
    );
    return {
      lookup: () => {
        const stored = this.documents.get(key);
        return stored && restamp(stored.html, stored.stamp, stamp);
      },
      store: (html) => this.documents.set(key, { html, stamp }, ttlMs),
    };
  }
}
