import type { AppServices } from "~/context";
import type { ToastInput } from "~/lib/toast";
import { errorMessage } from "~shared/error-message";

/**
 * The onError of a content read: logs the cause on the server (it can name
 * tables and SQL), marks the page incomplete so the page cache does not keep
 * its error state past the failure, and hands the visitor only the spec's
 * notice, if any.
 */
export function reportReadFailure(
  { logger, pageIncomplete }: Pick<AppServices, "logger" | "pageIncomplete">,
  what: string,
  notice?: ToastInput,
): (error: unknown) => ToastInput | undefined {
  return (error) => {
    pageIncomplete();
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
