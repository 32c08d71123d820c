// Error answers from the server's own defences (limits, origin check, crashes),
// in the form the client asked for: a small page for a browser's document
// request, JSON for scripts and fetches, plain text otherwise.
import type { ErrorRequestHandler, Request, Response } from "express";

import { defaultSettings } from "~/config/default-settings";
import { pageTitle } from "~/config/site";
import type { SiteSettings } from "~/config/site";
import { errorMessage } from "~shared/error-message";
import type { Logger } from "~shared/logger";

declare module "express-serve-static-core" {
  interface Locals {
    /** The site settings last read (server/app.ts sets it on every request). */
    siteSettings?: () => SiteSettings;
  }
}

export interface Problem {
  title: string;
  detail: string;
}

const escapeHtml = (value: string) =>
  value.replace(
    /[&<>"']/g,
    (char) =>
      ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[
        char
      ] ?? char,
  );

export function sendProblem(
  req: Request,
  res: Response,
  status: number,
  problem: Problem,
) {
  res.status(status);
  res.setHeader("Cache-Control", "no-store");
  const kind = req.accepts(["json", "html", "text"]);
  if (kind === "html") {
    const nonce = res.locals.nonce ?? "";
    // The settings as saved, last read; the demo defaults where none could
    // be read (the database down since the start) or none were given (these
    // defences mounted alone).
    const settings = res.locals.siteSettings?.() ?? defaultSettings;
    res.type("html").send(`<!DOCTYPE html>
<html lang="${escapeHtml(settings.locale)}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(pageTitle(problem.title, settings.productName))}</title>
<style nonce="${nonce}">
body{margin:0;min-height:100vh;display:grid;place-items:center;background:#020617;color:#e2e8f0;font-family:ui-sans-serif,system-ui,sans-serif}
main{max-width:36rem;padding:2rem;text-align:center}
h1{font-family:ui-serif,Georgia,serif;color:#fff;font-size:2.25rem;margin:0 0 1rem}
p{line-height:1.6;margin:0 0 2rem}
a{display:inline-block;border-radius:9999px;background:#10b981;color:#020617;font-weight:600;padding:.75rem 1.5rem;text-decoration:none}
a:focus-visible{outline:3px solid #fcd34d;outline-offset:2px}
</style>
</head>
<body>
<main>
<h1>${escapeHtml(problem.title)}</h1>
<p role="alert">${escapeHtml(problem.detail)}</p>
<a href="/">Back to Home</a>
</main>
</body>
</html>
`);
  } else if (kind === "json") {
    res.json({ error: problem.title, message: problem.detail });
  } else {
    res.type("text/plain").send(`${problem.title}: ${problem.detail}\n`);
  }
}

/** The last handler: an error nothing else answered becomes a clear 4xx or a plain 500, never a stack trace. */
export function problemHandler(logger: Logger): ErrorRequestHandler {
  return (error: unknown, req, res, next) => {
    if (res.headersSent) return next(error);
    const status =
      error && typeof error === "object" && "status" in error
        ? Number((error as { status: unknown }).status)
        : 500;
    if (status >= 400 && status < 500) {
      sendProblem(req, res, status, {
        title: "Bad request",
        detail: "The request could not be read. Please check it and try again.",
      });
      return;
    }
    logger.error("unhandled error", {
      path: req.originalUrl,
      error: errorMessage(error),
    });
    sendProblem(req, res, 500, {
      title: "Something went wrong",
      detail:
        "An unexpected error stopped this request. Please try again in a moment.",
    });
  };
}
