import { expect, test, vi } from "vitest";

import { readListsTogether } from "./read-together";

test("every list is read, in parallel", async () => {
  const lists = await readListsTogether(
    {
      posts: async () => ["a", "b"],
      philosophies: async () => [1],
    },
    () => {},
  );
  expect(lists).toEqual({
    posts: { ok: true, items: ["a", "b"] },
    philosophies: { ok: true, items: [1] },
  });
});

test("one failing read abandons the whole load, reported once and with no notice", async () => {
  const onError = vi.fn();
  const lists = await readListsTogether(
    {
      posts: async () => ["a"],
      philosophies: async (): Promise<number[]> => {
        throw new Error("relation does not exist");
      },
    },
    onError,
  );
  expect(lists).toEqual({
    posts: { ok: false, items: [] },
    philosophies: { ok: false, items: [] },
  });
  expect(onError).toHaveBeenCalledOnce();
  expect(onError.mock.calls[0]?.[0]).toBeInstanceOf(Error);
});
