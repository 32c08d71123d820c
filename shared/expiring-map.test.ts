import { expect, test } from "vitest";

import { ExpiringMap } from "./expiring-map";

test("an entry lives for its TTL, and the least recently used goes first when full", () => {
  // A clock reading of 0 would mean "no start time" to lru-cache.
  let now = 1_000;
  const map = new ExpiringMap<string>({ maxEntries: 2, now: () => now });
  map.set("a", "A", 1000);
  map.set("b", "B", 1000);
  expect(map.get("a")).toBe("A"); // a is now the most recently used
  map.set("c", "C", 1000);
  expect(map.get("b")).toBeUndefined();
  expect(map.get("a")).toBe("A");
  now = 2_000;
  expect(map.get("c")).toBe("C");
  now = 2_001;
  expect(map.get("c")).toBeUndefined();
});

test("a TTL of 0 keeps nothing", () => {
  const map = new ExpiringMap<string>({ maxEntries: 2 });
  map.set("a", "A", 0);
  expect(map.get("a")).toBeUndefined();
});
