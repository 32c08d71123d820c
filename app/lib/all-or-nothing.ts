// Pages that fetch several lists at once abandon the whole load if any one
// fails, and the lists keep what they held before: a page is a document
// (docs/decisions/058), so what it held before is the last complete set the
// server read for it, kept in memory (decision 062); none yet, every list
// shows empty.
import type { ReadFailure } from "~/data/read-failure.server";
import { ExpiringMap } from "~shared/expiring-map";

import type { ListResult } from "./content";

type ListReads = Record<string, () => Promise<unknown[]>>;

/** The lists a page reads together, one result per read. */
export type ListGroup = Record<string, ListResult<unknown>>;

export type ListsOf<R extends ListReads> = {
  [K in keyof R]: ListResult<Awaited<ReturnType<R[K]>>[number]>;
};

/** How long a page's last complete set is kept to show through failures. */
const KEPT_MS = 24 * 60 * 60 * 1000;

/** The last complete set of each page's group, by database (tests each have their own) and page. */
const keptGroups = new WeakMap<object, ExpiringMap<ListGroup>>();

function keptFor(db: object): ExpiringMap<ListGroup> {
  let kept = keptGroups.get(db);
  if (!kept) {
    // A few pages, and each archive page of Hiking and Music.
    kept = new ExpiringMap({ maxEntries: 100 });
    keptGroups.set(db, kept);
  }
  return kept;
}

/** Where a group's last complete set is kept: its database, and the page it is read for. */
export interface KeptGroup {
  db: object;
  key: string;
}

/**
 * Runs every read in parallel. If one fails, every list fails and holds
 * what the last complete set read for the same page held (`keep`), or
 * nothing; the notice (if any) travels with the first list only, so the
 * visitor sees it once.
 */
export async function readAllOrNothing<R extends ListReads>(
  reads: R,
  failure: ReadFailure,
  keep?: KeptGroup,
): Promise<ListsOf<R>> {
  const keys = Object.keys(reads);
  const group: ListGroup = {};
  try {
    const lists = await Promise.all(keys.map((key) => reads[key]?.() ?? []));
    keys.forEach((key, index) => {
      group[key] = { ok: true, items: lists[index] ?? [] };
    });
    if (keep) keptFor(keep.db).set(keep.key, group, KEPT_MS);
  } catch (error) {
    const notice = failure.report(error);
    const kept = keep && keptFor(keep.db).get(keep.key);
    keys.forEach((key, index) => {
      const items = kept?.[key]?.items ?? [];
      group[key] =
        index === 0 && notice
          ? { ok: false, items, notice }
          : { ok: false, items };
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
