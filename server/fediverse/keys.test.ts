// The actor's keys: made once however many ask at once, and rotated by the
// command (the old pairs retired, kept, and no longer used).
import { exportJwk } from "@fedify/fedify";
import { isNull } from "drizzle-orm";
import { afterEach, expect, test } from "vitest";

import { fediverseKeys } from "~database/schema";
import { createTestDatabase } from "~tests/support/database";
import type { TestDatabase } from "~tests/support/database";

import { actorKeyPairs, rotateKeys } from "./keys";

let database: TestDatabase | undefined;
afterEach(async () => {
  await database?.dispose();
  database = undefined;
});

test("the first asks make one RSA and one Ed25519 pair; a rotation retires them for new ones", async () => {
  database = await createTestDatabase("pglite");
  const { db } = database;
  const [first, again] = await Promise.all([
    actorKeyPairs(db),
    actorKeyPairs(db),
  ]);
  expect(await db.select().from(fediverseKeys)).toHaveLength(2);
  expect(first?.map((pair) => pair.publicKey.algorithm.name)).toEqual([
    "RSASSA-PKCS1-v1_5",
    "Ed25519",
  ]);
  expect(await exportJwk(again?.[0]?.publicKey as CryptoKey)).toEqual(
    await exportJwk(first?.[0]?.publicKey as CryptoKey),
  );

  expect(await rotateKeys(db)).toHaveLength(2);
  const rotated = await actorKeyPairs(db);
  expect(await exportJwk(rotated[0]?.publicKey as CryptoKey)).not.toEqual(
    await exportJwk(first?.[0]?.publicKey as CryptoKey),
  );
  expect(await db.select().from(fediverseKeys)).toHaveLength(4);
  expect(
    await db
      .select()
      .from(fediverseKeys)
      .where(isNull(fediverseKeys.retiredAt)),
  ).toHaveLength(2);
});
