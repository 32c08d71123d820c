import type { AppServices } from "~/context";
import type { ToastInput } from "~/lib/toast";
import { errorMessage } from "~shared/error-message";

/**
 * What a failed content read does, built from the request's services: logs
 * the cause on the server (it can name tables and SQL), marks the page
 * incomplete so the page cache does not keep its error state past the
 * failure, and hands the visitor only the page's notice, if any.
 *
 * The list readers (readList, readAllOrNothing) take one of these rather
 * than a callback, and its private field makes it impossible to fake with an
 * object literal: a screen cannot read a list without logging its failure
 * and keeping the failed page out of the cache.
 */
export class ReadFailure {
  readonly #services: Pick<AppServices, "logger" | "pageIncomplete">;
  readonly #what: string;
  readonly #notice: ToastInput | undefined;

  constructor(
    services: Pick<AppServices, "logger" | "pageIncomplete">,
    what: string,
    notice?: ToastInput,
  ) {
    this.#services = services;
    this.#what = what;
    this.#notice = notice;
  }

  report(error: unknown): ToastInput | undefined {
    this.#services.pageIncomplete();
    // Drizzle's message names the query; the driver's reason is its cause.
    const cause = error instanceof Error ? error.cause : undefined;
    this.#services.logger.error("content read failed", {
      what: this.#what,
      error: errorMessage(error),
      ...(cause ? { cause: errorMessage(cause) } : {}),
    });
    return this.#notice;
  }
}

/** The ReadFailure of one content read on this request. */
export function reportReadFailure(
  services: Pick<AppServices, "logger" | "pageIncomplete">,
  what: string,
  notice?: ToastInput,
): ReadFailure {
  return new ReadFailure(services, what, notice);
}
