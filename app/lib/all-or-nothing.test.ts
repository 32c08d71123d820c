import { expect, test } from "vitest";

import { recordedReadFailure } from "~tests/support/read-failure";

import {
  createListMemory,
  keepHeldItems,
  readAllOrNothing,
} from "./all-or-nothing";
import type { ListResult } from "./content";

const notice = { title: "Error", description: "Could not fetch the lists." };

test("every list is read and kept when all reads succeed", async () => {
  const group = await readAllOrNothing(
    { first: async () => [1, 2], second: async () => ["a"] },
    recordedReadFailure(notice).failure,
  );
  expect(group).toEqual({
    first: { ok: true, items: [1, 2] },
    second: { ok: true, items: ["a"] },
  });
});

test("one failed read abandons every list, and the notice shows once", async () => {
  const read = recordedReadFailure(notice);
  const group = await readAllOrNothing(
    {
      first: async () => [1, 2],
      second: async () => {
        throw new Error("relation does not exist");
      },
      third: async () => ["c"],
    },
    read.failure,
  );
  expect(group).toEqual({
    first: { ok: false, items: [], notice },
    second: { ok: false, items: [] },
    third: { ok: false, items: [] },
  });
  expect(read.logged).toEqual(["relation does not exist"]);
  expect(read.incomplete).toBe(1);
});

type Group = { values: ListResult<string>; events: ListResult<string> };

const complete: Group = {
  values: { ok: true, items: ["Honesty"] },
  events: { ok: true, items: ["Hike"] },
};
const failed: Group = {
  values: { ok: false, items: [], notice },
  events: { ok: false, items: [] },
};

test("a failed group keeps the items held before, and its notice", () => {
  expect(keepHeldItems(failed, complete)).toEqual({
    values: { ok: false, items: ["Honesty"], notice },
    events: { ok: false, items: ["Hike"] },
  });
  expect(keepHeldItems(failed, undefined)).toBe(failed);
  expect(keepHeldItems(complete, undefined)).toBe(complete);
});

test("the memory keeps the last complete group a page showed", async () => {
  const memory = createListMemory<Group>();
  // First load fails: nothing was held, so nothing shows.
  expect(await memory.settle(Promise.resolve(failed))).toEqual(failed);
  // A document load (already resolved) is remembered...
  memory.remember(complete);
  // ...but a pending client load is not remembered until it settles.
  memory.remember({
    values: Promise.resolve(failed.values),
    events: Promise.resolve(failed.events),
  });
  const kept = await memory.settle(Promise.resolve(failed));
  expect(kept.values.items).toEqual(["Honesty"]);
  expect(kept.events.items).toEqual(["Hike"]);

  const newer: Group = {
    values: { ok: true, items: ["Courage"] },
    events: { ok: true, items: [] },
  };
  expect(await memory.settle(Promise.resolve(newer))).toBe(newer);
  const afterNewer = await memory.settle(Promise.resolve(failed));
  expect(afterNewer.values.items).toEqual(["Courage"]);
  expect(afterNewer.events.items).toEqual([]);
});
