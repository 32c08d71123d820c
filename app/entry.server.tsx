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
import { DocumentHtml } from "./lib/document-html";
import { paintFirstFromBuild } from "./lib/document.server";
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

/**
 * Loaders await their data on the server, so the document is rendered whole
 * (onAllReady): visitors without JavaScript and crawlers get complete HTML and
 * the real status code. Being whole anyway, it is collected and made to
 * paint before any script loads: the CSS it uses inline, the scripts started
 * after the first paint (paintFirst, docs/decisions/039).
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
  const {
    nonce,
    formKey,
    env,
    logger,
    structuredData,
    inlineSources,
    documentPiecesMissing,
    documentHtml,
  } = loadContext.get(servicesContext);
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

  return new Promise<Response>((resolve, reject) => {
    let statusCode = responseStatusCode;
    const timeoutId = setTimeout(() => abort(), streamTimeout + 1000);
    const { pipe, abort } = renderToPipeableStream(
      <DocumentHtml value={documentHtml}>
        <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
      </DocumentHtml>,
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
            const { html, sources, missing } = paintFirstFromBuild(
              Buffer.concat(chunks).toString("utf8"),
              nonce,
              structuredData,
            );
            // The page still works, only without the pieces' share of
            // paint-first: see the upgrade checklist in docs/PERFORMANCE.md.
            // The dev server renders from the sources, not the build: its
            // HTML has no built stylesheet or manifest to find.
            if (missing.length > 0 && env.NODE_ENV !== "development") {
              logger.error("paint-first: React Router's HTML lacks pieces", {
                path: new URL(request.url).pathname,
                missing,
              });
              documentPiecesMissing(missing);
            }
            inlineSources(sources);
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
