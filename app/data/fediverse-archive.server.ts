// The social web in the content archive (decision 061): fediverse.json holds
// the actor's key pairs (the private halves too: the archive is the one place
// they leave the database, so a move keeps the account's signatures), its
// followers, the responses to its posts (by the post's slug, as ids are made
// afresh by an import) and the delivery log. An archive without it leaves the
// social web as it is. Imported on another host, the followers stay out:
// they follow the old address, and the import's answer says so.
import { asc, eq } from "drizzle-orm";
import { z } from "zod";

import type { Database, Transaction } from "~database/client";
import {
  fediverseFollowers,
  fediverseKeys,
  fediverseQueue,
  fediverseResponses,
  posts,
} from "~database/schema";
import type { ArchiveFile } from "~database/tar";

import {
  jsonArchiveFile,
  postIdsBySlug,
  readJsonArchiveFile,
} from "./archive-json.server";
import { fediverseHost } from "~shared/fediverse-handle";

export const FEDIVERSE_FILE = "fediverse.json";

const when = z.iso.datetime({ offset: true });
const jwk = z.looseObject({ kty: z.string() });

const fediverseFileSchema = z.object({
  /** SITE_URL's host (and port) when the archive was made. */
  host: z.string().min(1),
  keys: z.array(
    z.object({
      algorithm: z.enum(["RSASSA-PKCS1-v1_5", "Ed25519"]),
      publicKey: jwk,
      privateKey: jwk,
      createdAt: when,
      retiredAt: when.nullable(),
    }),
  ),
  followers: z.array(
    z.object({
      actorId: z.url(),
      handle: z.string().nullable(),
      inbox: z.url(),
      sharedInbox: z.url().nullable(),
      followId: z.string().nullable(),
      createdAt: when,
    }),
  ),
  responses: z.array(
    z.object({
      objectId: z.string().min(1),
      kind: z.enum(["reply", "like", "boost"]),
      post: z.string().min(1),
      actorId: z.string().min(1),
      actorName: z.string().nullable(),
      actorHandle: z.string().nullable(),
      actorUrl: z.string().nullable(),
      avatar: z.string().nullable(),
      contentHtml: z.string().nullable(),
      url: z.string().nullable(),
      status: z.enum(["pending", "approved", "hidden"]),
      createdAt: when,
      updatedAt: when,
    }),
  ),
  deliveries: z.array(
    z.object({
      message: z.record(z.string(), z.unknown()),
      orderingKey: z.string().nullable(),
      attempts: z.number().int().min(0),
      lastError: z.string().nullable(),
      createdAt: when,
      doneAt: when.nullable(),
    }),
  ),
});

export type FediverseFile = z.infer<typeof fediverseFileSchema>;

function withoutKeys(message: unknown): Record<string, unknown> {
  if (typeof message !== "object" || message === null) return {};
  return Object.fromEntries(
    Object.entries(message).filter(([name]) => name !== "keys"),
  );
}

const iso = (date: Date) => date.toISOString();
const isoOrNull = (date: Date | null) => (date ? date.toISOString() : null);

/** The social web's rows as a file of the archive; none while it has none. */
export async function fediverseFile(
  db: Database,
  siteUrl: string,
): Promise<ArchiveFile[]> {
  const keys = await db
    .select()
    .from(fediverseKeys)
    .orderBy(asc(fediverseKeys.id));
  if (keys.length === 0) return [];
  const followers = await db.select().from(fediverseFollowers);
  const responses = await db
    .select({ row: fediverseResponses, post: posts.slug })
    .from(fediverseResponses)
    .innerJoin(posts, eq(posts.id, fediverseResponses.postId));
  const deliveries = await db
    .select()
    .from(fediverseQueue)
    .orderBy(asc(fediverseQueue.id));
  const file: FediverseFile = {
    host: fediverseHost(siteUrl),
    keys: keys.map((key) => ({
      algorithm: key.algorithm,
      publicKey: { kty: "", ...key.publicKey },
      privateKey: { kty: "", ...key.privateKey },
      createdAt: iso(key.createdAt),
      retiredAt: isoOrNull(key.retiredAt),
    })),
    followers: followers.map((row) => ({
      ...row,
      createdAt: iso(row.createdAt),
    })),
    responses: responses.map(({ row, post }) => ({
      objectId: row.objectId,
      kind: row.kind,
      post,
      actorId: row.actorId,
      actorName: row.actorName,
      actorHandle: row.actorHandle,
      actorUrl: row.actorUrl,
      avatar: row.avatar,
      contentHtml: row.contentHtml,
      url: row.url,
      status: row.status,
      createdAt: iso(row.createdAt),
      updatedAt: iso(row.updatedAt),
    })),
    deliveries: deliveries.map((row) => ({
      // As the log keeps a handled row (server/fediverse/message-queue.ts):
      // without the signing keys Fedify puts in a queued message, so the
      // keys are in the archive once, under `keys`.
      message: withoutKeys(row.message),
      orderingKey: row.orderingKey,
      attempts: row.attempts,
      lastError: row.lastError,
      createdAt: iso(row.createdAt),
      doneAt: isoOrNull(row.doneAt),
    })),
  };
  return [jsonArchiveFile(FEDIVERSE_FILE, file)];
}

/** fediverse.json checked whole (a problem goes to `problems`); undefined when the archive has none. */
export function readFediverseFile(
  data: Uint8Array | undefined,
  problems: string[],
): FediverseFile | undefined {
  return readJsonArchiveFile(
    FEDIVERSE_FILE,
    data,
    fediverseFileSchema,
    problems,
  );
}

/**
 * Writes what the archive carries in place of the social web's rows (keys,
 * responses to the posts the archive holds, the delivery log that was
 * finished; followers only on the same host), and returns what the owner
 * must know about followers, if anything. In the import's own transaction
 * (`tx`), after its posts: a failure here leaves nothing of the archive.
 */
export async function writeFediverseFile(
  tx: Transaction,
  file: FediverseFile,
  siteUrl: string,
): Promise<string[]> {
  const host = fediverseHost(siteUrl);
  const moved = file.host !== host;
  const date = (value: string) => new Date(value);
  await tx.delete(fediverseKeys);
  if (file.keys.length > 0)
    await tx.insert(fediverseKeys).values(
      file.keys.map((key) => ({
        algorithm: key.algorithm,
        publicKey: key.publicKey as JsonWebKey,
        privateKey: key.privateKey as JsonWebKey,
        createdAt: date(key.createdAt),
        retiredAt: key.retiredAt ? date(key.retiredAt) : null,
      })),
    );
  if (!moved) {
    await tx.delete(fediverseFollowers);
    if (file.followers.length > 0)
      await tx.insert(fediverseFollowers).values(
        file.followers.map((row) => ({
          ...row,
          createdAt: date(row.createdAt),
        })),
      );
  }
  const postIds = await postIdsBySlug(
    tx,
    file.responses.map((row) => row.post),
  );
  await tx.delete(fediverseResponses);
  const responses = file.responses.flatMap(({ post, ...row }) => {
    const postId = postIds.get(post);
    return postId
      ? [
          {
            ...row,
            postId,
            createdAt: date(row.createdAt),
            updatedAt: date(row.updatedAt),
          },
        ]
      : [];
  });
  if (responses.length > 0)
    await tx.insert(fediverseResponses).values(responses);
  // The log of what was sent; what was still to send is not sent again
  // from another database.
  await tx.delete(fediverseQueue);
  const log = file.deliveries.filter((row) => row.doneAt !== null);
  if (log.length > 0)
    await tx.insert(fediverseQueue).values(
      log.map((row) => ({
        message: row.message,
        orderingKey: row.orderingKey,
        attempts: row.attempts,
        lastError: row.lastError,
        createdAt: date(row.createdAt),
        dueAt: date(row.createdAt),
        doneAt: row.doneAt ? date(row.doneAt) : null,
      })),
    );
  if (!moved || file.followers.length === 0) return [];
  const count = file.followers.length;
  return [
    `This archive was made at ${file.host}, and this site is at ${host}: a new address for the social web. Its ${count} ${count === 1 ? "follower follows" : "followers follow"} the old address and ${count === 1 ? "was" : "were"} not imported; they get no posts from here until they follow the new handle.`,
  ];
}
