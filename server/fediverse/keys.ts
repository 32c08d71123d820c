// The actor's key pairs (fediverse_keys): an RSA pair for HTTP Signatures,
// as Mastodon verifies them, and an Ed25519 pair for Object Integrity
// Proofs. Made the first time the actor is asked for, once across instances
// (an advisory lock); rotating retires them and makes new ones, which
// followers' servers fetch again when a signature no longer verifies. The
// private halves are read here only: never logged, and exported only inside
// the archive (docs/SECURITY.md).
import { exportJwk, generateCryptoKeyPair, importJwk } from "@fedify/fedify";
import { and, asc, eq, isNull, sql } from "drizzle-orm";

import type { Database } from "~database/client";
import { fediverseKeys } from "~database/schema";

const ALGORITHMS = ["RSASSA-PKCS1-v1_5", "Ed25519"] as const;
// An arbitrary constant: instances making the first keys at once take turns.
const KEYS_LOCK_ID = 727_274_061;

interface KeyRow {
  id: number;
  algorithm: (typeof ALGORITHMS)[number];
  publicKey: JsonWebKey;
  privateKey: JsonWebKey;
}

async function currentRows(db: Database): Promise<KeyRow[]> {
  return db
    .select({
      id: fediverseKeys.id,
      algorithm: fediverseKeys.algorithm,
      publicKey: fediverseKeys.publicKey,
      privateKey: fediverseKeys.privateKey,
    })
    .from(fediverseKeys)
    .where(isNull(fediverseKeys.retiredAt))
    .orderBy(asc(fediverseKeys.id));
}

async function newRows(): Promise<Array<Omit<KeyRow, "id">>> {
  return Promise.all(
    ALGORITHMS.map(async (algorithm) => {
      const pair = await generateCryptoKeyPair(algorithm);
      return {
        algorithm,
        publicKey: await exportJwk(pair.publicKey),
        privateKey: await exportJwk(pair.privateKey),
      };
    }),
  );
}

/** The current rows, made first when there are none. */
async function ensureRows(db: Database): Promise<KeyRow[]> {
  const rows = await currentRows(db);
  if (ALGORITHMS.every((name) => rows.some((row) => row.algorithm === name)))
    return rows;
  const made = await newRows();
  await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${KEYS_LOCK_ID})`);
    for (const row of made) {
      const [existing] = await tx
        .select({ id: fediverseKeys.id })
        .from(fediverseKeys)
        .where(
          and(
            eq(fediverseKeys.algorithm, row.algorithm),
            isNull(fediverseKeys.retiredAt),
          ),
        )
        .limit(1);
      if (!existing) await tx.insert(fediverseKeys).values(row);
    }
  });
  return currentRows(db);
}

// By database as well as by row: ids repeat across databases, and a process
// that opens more than one (the tests, in one worker) must not sign for one
// with another's key.
const imported = new WeakMap<Database, Map<number, Promise<CryptoKeyPair>>>();

/** The signing pairs, RSA first (Fedify signs HTTP requests with the first RSA key). */
export async function actorKeyPairs(db: Database): Promise<CryptoKeyPair[]> {
  const rows = await ensureRows(db);
  const known = imported.get(db) ?? new Map<number, Promise<CryptoKeyPair>>();
  imported.set(db, known);
  return Promise.all(
    ALGORITHMS.flatMap((algorithm) =>
      rows
        .filter((row) => row.algorithm === algorithm)
        .slice(-1)
        .map((row) => {
          let pair = known.get(row.id);
          if (!pair) {
            pair = (async () => ({
              publicKey: await importJwk(row.publicKey, "public"),
              privateKey: await importJwk(row.privateKey, "private"),
            }))();
            known.set(row.id, pair);
          }
          return pair;
        }),
    ),
  );
}

/** Retires the current pairs and makes new ones; returns the new rows' ids. */
export async function rotateKeys(db: Database): Promise<number[]> {
  const made = await newRows();
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${KEYS_LOCK_ID})`);
    await tx
      .update(fediverseKeys)
      .set({ retiredAt: sql`now()` })
      .where(isNull(fediverseKeys.retiredAt));
    const rows = await tx
      .insert(fediverseKeys)
      .values(made)
      .returning({ id: fediverseKeys.id });
    return rows.map((row) => row.id);
  });
}
