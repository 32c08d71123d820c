import { errorMessage } from "~server/logger";
import type { Logger } from "~server/logger";
import type { ToastInput } from "~/lib/toast";

/**
 * The onError of a content read: logs the cause on the server (it can name
 * tables and SQL) and hands the visitor only the spec's notice, if any.
 */
export function reportReadFailure(
  logger: Logger,
  what: string,
  notice?: ToastInput,
): (error: unknown) => ToastInput | undefined {
  return (error) => {
    // Drizzle's message names the query; the driver's reason is its cause.
    const cause = error instanceof Error ? error.cause : undefined;
    logger.error("content read failed", {
      what,
      error: errorMessage(error),
      ...(cause ? { cause: errorMessage(cause) } : {}),
    });
    return notice;
  };
}
