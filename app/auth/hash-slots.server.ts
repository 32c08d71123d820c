// The password hashes one process runs at once, and the sign-ins waiting
// for one: hashing shares the thread pool with every page (decision 014).
import type { Database } from "~database/client";
import type { Logger } from "~shared/logger";

/**
 * Password hashes (scrypt, 32 MiB and tens of milliseconds of a CPU each)
 * running at once in one process. A hash runs on Node's thread pool, beside
 * the main thread that serves every page: one at a time leaves a small
 * machine's other core to the visitors (the sign-in-load drill shows
 * pages slowing sharply with two on two cores). Past the bound a sign-in is
 * answered 503 at once rather than queued; one owner signing in never
 * notices.
 */
export const HASHES_AT_ONCE = 1;
/**
 * Sign-ins that may wait for a hash to finish (a few people, or test
 * workers, signing in at the same moment); past them, 503 at once.
 */
export const SIGN_INS_WAITING = 4;
/** Endpoints that hash a password. */
export const HASHING_PATHS: ReadonlySet<string> = new Set([
  "/sign-in/email",
  "/sign-up/email",
  "/change-password",
  "/set-password",
  "/reset-password",
]);

/** Per auth instance: its database (for the per-account counts) and the hashes running now. */
export interface Guard {
  db: Database;
  logger: Logger | undefined;
  siteUrl: string;
  /** Hashes running now. */
  hashing: number;
  /** Sign-ins waiting for a slot, first come first served. */
  waiting: Array<() => void>;
}
const guards = new WeakMap<object, Guard>();

/** Starts counting an auth instance's hashes, with what its requests need. */
export function guardAuth(
  auth: object,
  instance: Pick<Guard, "db" | "logger" | "siteUrl">,
) {
  guards.set(auth, { ...instance, hashing: 0, waiting: [] });
}

/** The guard createAuth() gave an auth instance; undefined for any other. */
export function guardOf(auth: object): Guard | undefined {
  return guards.get(auth);
}

/** A slot to hash in, now or after those waiting; undefined when the queue is full too. */
export function takeSlot(guard: Guard): Promise<void> | undefined {
  if (guard.hashing < HASHES_AT_ONCE) {
    guard.hashing += 1;
    return Promise.resolve();
  }
  if (guard.waiting.length >= SIGN_INS_WAITING) return undefined;
  // The slot passes straight from the one finishing (releaseSlot) to this one.
  return new Promise((resolve) => guard.waiting.push(resolve));
}

export function releaseSlot(guard: Guard) {
  const next = guard.waiting.shift();
  if (next) next();
  else guard.hashing -= 1;
}

/** True while this auth instance already runs as many password hashes as it may: another sign-in would be refused. */
export function hashingAtCapacity(auth: object): boolean {
  const guard = guards.get(auth);
  return (
    guard !== undefined &&
    guard.hashing >= HASHES_AT_ONCE &&
    guard.waiting.length >= SIGN_INS_WAITING
  );
}

/** Seconds a sign-in refused for load is told to wait: a hash takes well under one. */
const BUSY_RETRY_SECONDS = 2;

export function busyResponse(): Response {
  return Response.json(
    {
      code: "BUSY",
      message: `The server is busy with other sign-ins. Please try again in ${BUSY_RETRY_SECONDS} seconds.`,
    },
    {
      status: 503,
      headers: {
        "Retry-After": String(BUSY_RETRY_SECONDS),
        "Cache-Control": "no-store",
      },
    },
  );
}
