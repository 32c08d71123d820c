import { expect, test } from "vitest";

import { recordedReadFailure } from "~tests/support/read-failure";

import { eachList, readAllOrNothing } from "./all-or-nothing";

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

test("each list of a group is its own promise, settled with the group", async () => {
  const read = recordedReadFailure(notice);
  const lists = eachList(
    readAllOrNothing(
      {
        first: async () => [1],
        second: async () => {
          throw new Error("canceling statement due to lock timeout");
        },
      },
      read.failure,
    ),
    ["first", "second"],
  );
  expect(Object.keys(lists)).toEqual(["first", "second"]);
  await expect(lists.first).resolves.toEqual({
    ok: false,
    items: [],
    notice,
  });
  await expect(lists.second).resolves.toEqual({ ok: false, items: [] });
  expect(read.incomplete).toBe(1);
});

test("a failed load keeps the last complete set read for the same page, with the notice", async () => {
  const db = {};
  let broken = false;
  const reads = {
    first: async () => {
      if (broken) throw new Error("relation does not exist");
      return [1, 2];
    },
    second: async () => ["a"],
  };
  const before = await readAllOrNothing(
    reads,
    recordedReadFailure(notice).failure,
    { db, key: "leadership" },
  );
  expect(before.first).toEqual({ ok: true, items: [1, 2] });
  broken = true;
  const read = recordedReadFailure(notice);
  const after = await readAllOrNothing(reads, read.failure, {
    db,
    key: "leadership",
  });
  expect(after).toEqual({
    first: { ok: false, items: [1, 2], notice },
    second: { ok: false, items: ["a"] },
  });
  expect(read.incomplete).toBe(1);
  // Another page, or another database, held nothing before.
  const elsewhere = await readAllOrNothing(
    reads,
    recordedReadFailure(notice).failure,
    { db, key: "fitness" },
  );
  expect(elsewhere.first.items).toEqual([]);
  const otherDb = await readAllOrNothing(
    reads,
    recordedReadFailure(notice).failure,
    { db: {}, key: "leadership" },
  );
  expect(otherDb.second.items).toEqual([]);
});
