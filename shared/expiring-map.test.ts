import { expect, test } from "vitest";

import { ExpiringMap } from "./expiring-map";

test("an entry lives for its TTL, and the least recently used goes first when full", () => {
  let now = 0;
  const map = new ExpiringMap<string>({ maxEntries: 2, now: () => now });
  map.set("a", "A", 1000);
  map.set("b", "B", 1000);
  expect(map.get("a")).toBe("A"); // a is now the most recently used
  map.set("c", "C", 1000);
  expect(map.get("b")).toBeUndefined();
  expect(map.get("a")).toBe("A");
  now = 999;
  expect(map.get("c")).toBe("C");
  now = 1000;
  expect(map.get("c")).toBeUndefined();
});
