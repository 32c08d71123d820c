// The site's log: pino, one JSON object per line (what log shippers and
// `grep` both read well): info and debug on stdout, warnings and errors on
// stderr. Callers see a narrow Logger, message first, so a test can hand in
// a recording one; the server hands the pino instance to pino-http for the
// request lines (server/request-log.ts).
import pino from "pino";
import type { DestinationStream, Logger as PinoLogger } from "pino";

export type LogLevel = "debug" | "info" | "warn" | "error";

export interface Logger {
  debug(msg: string, fields?: Record<string, unknown>): void;
  info(msg: string, fields?: Record<string, unknown>): void;
  warn(msg: string, fields?: Record<string, unknown>): void;
  error(msg: string, fields?: Record<string, unknown>): void;
}

export interface SiteLogger extends Logger {
  /** The pino instance underneath, for pino-http. */
  readonly pino: PinoLogger;
}

/**
 * Fields that never reach a log line, wherever they are logged from: a
 * visitor's network address and email address, the words of a message, and
 * secrets (a query's parameters, tokens, passwords; docs/SECURITY.md).
 * Configured here once rather than at every call.
 */
export const REDACTED_PATHS = [
  "ip",
  "email",
  "replyTo",
  "text",
  "body",
  "params",
  "token",
  "password",
  "*.params",
  "*.token",
  "*.password",
  "req.remoteAddress",
  'req.headers["x-forwarded-for"]',
  'req.headers["x-site-client-address"]',
  "*.ip",
  "*.email",
  "*.replyTo",
  "*.text",
  "*.body",
];

export function createLogger(
  minimum: LogLevel | "silent" = "info",
  destination?: DestinationStream,
): SiteLogger {
  const logger = pino(
    {
      level: minimum,
      base: undefined,
      timestamp: pino.stdTimeFunctions.isoTime,
      formatters: { level: (label) => ({ level: label }) },
      redact: { paths: REDACTED_PATHS, censor: "[redacted]" },
    },
    destination ??
      pino.multistream(
        [
          // Synchronous, as console writes are: a line logged just before
          // process.exit() is not lost.
          { level: "debug", stream: pino.destination({ fd: 1, sync: true }) },
          { level: "warn", stream: pino.destination({ fd: 2, sync: true }) },
        ],
        { dedupe: true },
      ),
  );
  const at =
    (level: LogLevel) => (msg: string, fields?: Record<string, unknown>) =>
      fields ? logger[level](fields, msg) : logger[level](msg);
  return {
    pino: logger,
    debug: at("debug"),
    info: at("info"),
    warn: at("warn"),
    error: at("error"),
  };
}
