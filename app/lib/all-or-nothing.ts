// Pages that fetch several lists at once abandon the whole load if any one
// fails, and the lists keep what they held before: a page is a document
// (docs/decisions/058), so before is nothing, and every list shows empty.
import type { ReadFailure } from "~/data/read-failure.server";

import type { ListResult } from "./content";

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

/**
 * Each list of a group read together as a promise of its own, so a page
 * can show each section behind its own loading text while the group is
 * read (docs/decisions/062); they all settle at once, all or nothing.
 */
export function eachList<
  K extends string,
  G extends Record<K, ListResult<unknown>>,
>(group: Promise<G>, keys: readonly K[]): { [P in K]: Promise<G[P]> } {
  return Object.fromEntries(
    keys.map((key) => [key, group.then((lists) => lists[key])]),
  ) as { [P in K]: Promise<G[P]> };
}
