import type { RequestHandler } from "express";

import type { Logger } from "~shared/logger";

/** One structured line per request, written when the response finishes. */
export function requestLog(logger: Logger): RequestHandler {
  return (req, res, next) => {
    const started = process.hrtime.bigint();
    res.on("finish", () => {
      const ms = Number(process.hrtime.bigint() - started) / 1e6;
      const fields = {
        method: req.method,
        path: req.originalUrl,
        status: res.statusCode,
        ms: Math.round(ms * 10) / 10,
        ip: req.ip,
      };
      if (res.statusCode >= 500) logger.error("request", fields);
      else if (req.path.startsWith("/assets/")) logger.debug("request", fields);
      else logger.info("request", fields);
    });
    next();
  };
}
