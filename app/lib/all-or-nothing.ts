// Pages that fetch several lists at once abandon the whole load if any one
// fails, and the lists keep what they held before. The server half
// reads the lists; the browser half remembers the last complete set a page
// showed and keeps its items when a later load of that page fails.
import type { ReadFailure } from "~/data/read-failure.server";

import type { ListResult } from "./content";
import type { Deferred } from "./deferred";

type ListReads = Record<string, () => Promise<unknown[]>>;

/** The lists a page reads together, one result per read. */
export type ListGroup = Record<string, ListResult<unknown>>;

export type ListsOf<R extends ListReads> = {
  [K in keyof R]: ListResult<Awaited<ReturnType<R[K]>>[number]>;
};

/**
 * Runs every read in parallel. If one fails, every list fails and holds
 * nothing; the notice (if any) travels with the first list only, so the
 * visitor sees it once.
 */
export async function readAllOrNothing<R extends ListReads>(
  reads: R,
  failure: ReadFailure,
): Promise<ListsOf<R>> {
  const keys = Object.keys(reads);
  const group: Record<string, ListResult<unknown>> = {};
  try {
    const lists = await Promise.all(keys.map((key) => reads[key]?.() ?? []));
    keys.forEach((key, index) => {
      group[key] = { ok: true, items: lists[index] ?? [] };
    });
  } catch (error) {
    const notice = failure.report(error);
    keys.forEach((key, index) => {
      group[key] =
        index === 0 && notice
          ? { ok: false, items: [], notice }
          : { ok: false, items: [] };
    });
  }
  return group as ListsOf<R>;
}

export function isComplete(group: ListGroup): boolean {
  return Object.values(group).every((list) => list.ok);
}

/** A failed group with the items of the group held before it (if any). */
export function keepHeldItems<G extends ListGroup>(
  next: G,
  held: G | undefined,
): G {
  if (!held || isComplete(next)) return next;
  const kept: ListGroup = {};
  for (const [key, list] of Object.entries(next)) {
    kept[key] = { ...list, items: held[key]?.items ?? list.items };
  }
  return kept as G;
}

export interface ListMemory<G extends ListGroup> {
  /** Remembers a group the page showed, when every list of it loaded. */
  remember(group: Deferred<G>): void;
  /** Settles a client load: a complete group is remembered, a failed one keeps the held items. */
  settle(pending: Promise<G>): Promise<G>;
}

/** Browser memory of one page's lists; created at module level in the route. */
export function createListMemory<G extends ListGroup>(): ListMemory<G> {
  let held: G | undefined;
  const remember = (group: Deferred<G>) => {
    // Document loads arrive resolved; pending client loads go through settle().
    const values = Object.values(group);
    if (values.some((value) => value instanceof Promise)) return;
    if (isComplete(group as G)) held = group as G;
  };
  return {
    remember,
    settle: (pending) =>
      pending.then((group) => {
        const settled = keepHeldItems(group, held);
        remember(group);
        return settled;
      }),
  };
}
