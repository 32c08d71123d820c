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
        path: req.url,
      }),
      res: (res: { statusCode: number }) => ({ status: res.statusCode }),
    },
  });
}
