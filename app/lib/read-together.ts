import type { ListResult } from "./content";

/**
 * Reads several lists in parallel as one load (spec §4): if any read fails,
 * the whole load is abandoned and every list keeps what it held before,
 * which on a fresh page is nothing, so each shows its empty state.
 */
export async function readListsTogether<T extends Record<string, unknown[]>>(
  reads: { [K in keyof T]: () => Promise<T[K]> },
  onError: (error: unknown) => void,
): Promise<{ [K in keyof T]: ListResult<T[K][number]> }> {
  const keys = Object.keys(reads) as Array<keyof T>;
  let lists: Array<ListResult<unknown>>;
  try {
    const values = await Promise.all(keys.map((key) => reads[key]()));
    lists = values.map((items) => ({ ok: true, items }));
  } catch (error) {
    onError(error);
    lists = keys.map(() => ({ ok: false, items: [] }));
  }
  return Object.fromEntries(keys.map((key, index) => [key, lists[index]])) as {
    [K in keyof T]: ListResult<T[K][number]>;
  };
}
