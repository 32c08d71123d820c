import { PassThrough } from "node:stream";

import { createReadableStreamFromReadable } from "@react-router/node";
import { renderToPipeableStream } from "react-dom/server";
import type { EntryContext, RouterContextProvider } from "react-router";
import { ServerRouter } from "react-router";

import { servicesContext } from "~/context";

export const streamTimeout = 5_000;

/**
 * Loaders await their data on the server, so the document is rendered whole
 * (onAllReady): visitors without JavaScript and crawlers get complete HTML and
 * the real status code.
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
  const { nonce } = loadContext.get(servicesContext);

  return new Promise<Response>((resolve, reject) => {
    let statusCode = responseStatusCode;
    const timeoutId = setTimeout(() => abort(), streamTimeout + 1000);
    const { pipe, abort } = renderToPipeableStream(
      <ServerRouter context={routerContext} url={request.url} nonce={nonce} />,
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
          responseHeaders.set("Content-Type", "text/html; charset=utf-8");
          pipe(body);
          resolve(
            new Response(createReadableStreamFromReadable(body), {
              headers: responseHeaders,
              status: statusCode,
            }),
          );
        },
        onShellError(error: unknown) {
          clearTimeout(timeoutId);
          reject(error);
        },
        onError(error: unknown) {
          statusCode = 500;
          console.error(error);
        },
      },
    );
  });
}
