import { createHash } from "node:crypto";
import { PassThrough } from "node:stream";

import { createReadableStreamFromReadable } from "@react-router/node";
import { isbot } from "isbot";
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
 * How long a document waits for its slow sections before it is sent as it
 * stands, each slow section showing its loading text ('Loading posts...')
 * until React streams it in (docs/decisions/062). Below it, a document is
 * sent whole, as almost every one is: one piece, kept by the page cache.
 */
export const STREAM_AFTER_MS = 250;

/**
 * A public page is a document and nothing more (docs/decisions/058): its
 * inline scripts are named by hash, so the page cache can send it again as
 * the same bytes. It is rendered whole (onAllReady) when its data comes in
 * time, always for crawlers and for the owner's app; a fresh document whose
 * data is slow is sent at STREAM_AFTER_MS with its loading texts, and React
 * streams each section in with its own inline script (under this response's
 * nonce), so no script file is needed for it.
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
  const services = loadContext.get(servicesContext);
  const { nonce, formKey, env, logger, structuredData, inlineSources } =
    services;
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
  const mayStream = document && !isbot(request.headers.get("user-agent") ?? "");
  const extras = {
    structuredData,
    pageScript: document ? PAGE_SCRIPT : "",
    speculationRules: document ? SPECULATION_RULES : "",
    islands: document ? islandAddresses : {},
  };

  return new Promise<Response>((resolve, reject) => {
    let statusCode = responseStatusCode;
    let streaming = false;
    let streamTimer: ReturnType<typeof setTimeout> | undefined;
    const timeoutId = setTimeout(() => abort(), streamTimeout + 1000);

    // The shell now, each slow section when it comes: never kept (React's
    // inline scripts carry this response's nonce), and written as it comes.
    function stream() {
      streaming = true;
      services.pageIncomplete();
      responseHeaders.set("Content-Type", "text/html; charset=utf-8");
      const body = new PassThrough({
        final(callback) {
          clearTimeout(timeoutId);
          callback();
        },
      });
      resolve(
        new Response(createReadableStreamFromReadable(body), {
          headers: responseHeaders,
          status: statusCode,
        }),
      );
      pipe(body);
    }

    const { pipe, abort } = renderToPipeableStream(
      <DocumentExtrasContext value={extras}>
        <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
      </DocumentExtrasContext>,
      {
        nonce,
        // React outlines any Suspense boundary larger than this (12.8 kB by
        // default): it sends the fallback and the content in a hidden block
        // that an inline script swaps in. A document sent whole has no need
        // of that, so every boundary ready by then is sent in place.
        progressiveChunkSize: Number.POSITIVE_INFINITY,
        onShellReady() {
          if (mayStream) streamTimer = setTimeout(stream, STREAM_AFTER_MS);
        },
        onAllReady() {
          clearTimeout(streamTimer);
          if (streaming) return;
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
          clearTimeout(streamTimer);
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
