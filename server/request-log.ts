import type { RequestHandler } from "express";
import { pinoHttp } from "pino-http";

import type { SiteLogger } from "~shared/logger";

/**
 * One structured line per request, written when the response finishes:
 * method, path, status and time only (no headers, cookies or addresses).
 */
export function requestLog(logger: SiteLogger): RequestHandler {
  return pinoHttp({
    logger: logger.pino,
    quietReqLogger: true,
    customLogLevel: (req, res, error) =>
      error || res.statusCode >= 500
        ? "error"
        : req.url?.startsWith("/assets/")
          ? "debug"
          : "info",
    customSuccessMessage: () => "request",
    customErrorMessage: () => "request",
    serializers: {
      req: (req: { method: string; url: string }) => ({
        method: req.method,
        path: loggedPath(req.url),
      }),
      res: (res: { statusCode: number }) => ({ status: res.statusCode }),
    },
  });
}

/**
 * A request's path and query as logged, without the secrets an address can
 * carry: a `token` parameter (the setup and password-reset links, under any
 * spelling the parser decodes to that name) and the token in the path of
 * better-auth's own reset link.
 */
export function loggedPath(url: string): string {
  const queryAt = url.indexOf("?");
  const path = (queryAt === -1 ? url : url.slice(0, queryAt)).replace(
    /(\/reset-password\/)[^/]+/i,
    "$1redacted",
  );
  if (queryAt === -1) return path;
  const query = new URLSearchParams(url.slice(queryAt + 1));
  const kept = new URLSearchParams();
  for (const [name, value] of query)
    kept.append(
      name,
      name.trim().toLowerCase() === "token" ? "redacted" : value,
    );
  return `${path}?${kept.toString()}`;
}
