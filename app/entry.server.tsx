import { createHash } from "node:crypto";
import { PassThrough } from "node:stream";

import { renderToPipeableStream } from "react-dom/server";
import type {
  EntryContext,
  HandleErrorFunction,
  RouterContextProvider,
} from "react-router";
import { ServerRouter } from "react-router";

import { errorMessage } from "~shared/error-message";

import { servicesContext } from "./context";
import { isAppPath } from "./lib/app-or-document";
import { DocumentExtrasContext } from "./lib/document-head";
import { PAGE_SCRIPT, SPECULATION_RULES } from "./lib/document-scripts.server";
import { islandAddresses } from "./lib/islands.server";
import { SharedDocuments } from "./lib/shared-document.server";

export const streamTimeout = 5_000;

/**
 * A loader or action that failed: logged by path and reason only. React
 * Router's default prints the whole error, and a failed query's error
 * repeats its parameters (a session token during a database outage).
 */
export const handleError: HandleErrorFunction = (
  error,
  { request, context },
) => {
  if (request.signal.aborted) return;
  context.get(servicesContext).logger.error("request failed", {
    path: new URL(request.url).pathname,
    error: errorMessage(error),
  });
};

const sharedDocuments = new SharedDocuments();

function sourceHash(text: string): string {
  return `'sha256-${createHash("sha256").update(text).digest("base64")}'`;
}

/** The CSP sources of a public document's two inline scripts, the same for every page (decision 025). */
const DOCUMENT_SOURCES = {
  scripts: [sourceHash(PAGE_SCRIPT), sourceHash(SPECULATION_RULES)],
  styles: [],
};

/**
 * Loaders await their data on the server, so the document is rendered whole
 * (onAllReady): visitors without JavaScript and crawlers get complete HTML
 * and the real status code. A public page is a document and nothing more
 * (docs/decisions/058): its inline scripts are named by hash, so the page
 * cache can send it again as the same bytes.
 */
export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: RouterContextProvider,
) {
  if (request.method.toUpperCase() === "HEAD") {
    return new Response(null, {
      status: responseStatusCode,
      headers: responseHeaders,
    });
  }
  const { nonce, formKey, env, logger, structuredData, inlineSources } =
    loadContext.get(servicesContext);
  const shared = sharedDocuments.for(request, routerContext, loadContext, {
    stamp: { nonce, formKey },
    // As for the page cache: code changes under the dev server.
    ttlMs:
      env.NODE_ENV === "development" ? 0 : env.CONTENT_CACHE_SECONDS * 1000,
  });
  const stored = shared?.lookup();
  if (stored !== undefined) {
    responseHeaders.set("Content-Type", "text/html; charset=utf-8");
    return new Response(stored, {
      headers: responseHeaders,
      status: responseStatusCode,
    });
  }
  const document = !isAppPath(new URL(request.url).pathname);
  const extras = {
    structuredData,
    pageScript: document ? PAGE_SCRIPT : "",
    speculationRules: document ? SPECULATION_RULES : "",
    islands: document ? islandAddresses : {},
  };

  return new Promise<Response>((resolve, reject) => {
    let statusCode = responseStatusCode;
    const timeoutId = setTimeout(() => abort(), streamTimeout + 1000);
    const { pipe, abort } = renderToPipeableStream(
      <DocumentExtrasContext value={extras}>
        <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
      </DocumentExtrasContext>,
      {
        nonce,
        // React outlines any Suspense boundary larger than this (12.8 kB by
        // default): it sends the fallback ('Loading posts...') and the content
        // in a hidden block that an inline script swaps in. Without JavaScript
        // the page would stay on the fallback; since we send all at once
        // anyway (onAllReady), every boundary is sent in place.
        progressiveChunkSize: Number.POSITIVE_INFINITY,
        onAllReady() {
          const body = new PassThrough({
            final(callback) {
              clearTimeout(timeoutId);
              callback();
            },
          });
          const chunks: Buffer[] = [];
          body.on("data", (chunk: Buffer) => chunks.push(chunk));
          body.on("error", reject);
          body.on("end", () => {
            responseHeaders.set("Content-Type", "text/html; charset=utf-8");
            const html = Buffer.concat(chunks).toString("utf8");
            if (document) inlineSources(DOCUMENT_SOURCES);
            if (statusCode === 200) shared?.store(html);
            resolve(
              new Response(html, {
                headers: responseHeaders,
                status: statusCode,
              }),
            );
          });
          pipe(body);
        },
        onShellError(error: unknown) {
          clearTimeout(timeoutId);
          reject(error);
        },
        onError(error: unknown) {
          statusCode = 500;
          logger.error("render failed", {
            path: new URL(request.url).pathname,
            error: errorMessage(error),
            stack: error instanceof Error ? error.stack : undefined,
          });
        },
      },
    );
  });
}
