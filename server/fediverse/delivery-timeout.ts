// Fedify 2.3.6 POSTs a delivery to an inbox with the global fetch and no
// signal of its own (sendActivityInternal in its middleware), and its
// federation options have no fetch or timeout to give it: a peer that
// accepts the connection and never answers would hold the queue's row, and
// one of its workers, until the lease ran out. So the queue runs each
// outgoing delivery inside a deadline (an AsyncLocalStorage context), and
// the global fetch, wrapped once, adds that deadline's signal to any fetch
// made inside one. Outside a delivery nothing changes; the site's own
// fetches (safe-fetch.ts) keep their timeouts.
import { AsyncLocalStorage } from "node:async_hooks";

import { FETCH_TIMEOUT_MS } from "./safe-fetch";

const deadline = new AsyncLocalStorage<AbortSignal>();
let wrapped = false;

function wrapGlobalFetch(): void {
  if (wrapped) return;
  wrapped = true;
  const original = globalThis.fetch;
  globalThis.fetch = (input, init) => {
    const limit = deadline.getStore();
    if (!limit) return original(input, init);
    const own =
      init?.signal ?? (input instanceof Request ? input.signal : undefined);
    return original(input, {
      ...init,
      signal: own ? AbortSignal.any([own, limit]) : limit,
    });
  };
}

/** Whether a queued message is an outgoing delivery (Fedify's "outbox" task). */
export function isDelivery(message: unknown): boolean {
  return (
    typeof message === "object" &&
    message !== null &&
    (message as { type?: unknown }).type === "outbox"
  );
}

/**
 * Runs `handle` so that every fetch it makes ends within `timeoutMs`: a
 * peer that never answers fails the attempt, and Fedify retries it later.
 */
export function withinDeliveryTimeout<T>(
  handle: () => Promise<T>,
  timeoutMs: number = FETCH_TIMEOUT_MS,
): Promise<T> {
  wrapGlobalFetch();
  return deadline.run(AbortSignal.timeout(timeoutMs), handle);
}
