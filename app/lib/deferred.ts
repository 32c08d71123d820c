// Document requests render complete HTML: the server loader awaits its data.
// On client navigation a route's clientLoader hands back the same keys as
// pending promises, so the page renders at once with its loading texts
// and fills in as the data arrives.

export type Deferred<T> = { [K in keyof T]: T[K] | Promise<T[K]> };

/** Splits one pending loader result into a pending value per key. */
export function deferKeys<T extends object, K extends keyof T>(
  pending: Promise<T>,
  keys: ReadonlyArray<K>,
): { [P in K]: Promise<T[P]> } {
  const result = {} as { [P in K]: Promise<T[P]> };
  for (const key of keys) result[key] = pending.then((value) => value[key]);
  return result;
}
