// The social web in the content archive: the keys (the private halves only
// inside the archive), followers, responses and the delivery log go out and
// come back; imported at another host the followers stay out and the answer
// says why; a broken fediverse.json is refused and nothing is written.
import path from "node:path";

import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";

import type { Database } from "~database/client";
import {
  fediverseFollowers,
  fediverseKeys,
  fediverseQueue,
  fediverseResponses,
  posts,
  siteSettings,
} from "~database/schema";
import { ContentError } from "~database/seed";
import { writeTarGz } from "~database/tar";
import { publishedPost } from "~tests/support/posts";
import { createTestDatabase } from "~tests/support/database";
import type { TestDatabase } from "~tests/support/database";

import {
  exportArchive,
  importArchive,
  readArchive,
} from "./content-archive.server";
import { readPostResponses } from "./fediverse-responses.server";

const publicDir = path.resolve("public");
const HERE = "https://jordan.example";
const FILE = "content/fediverse.json";

let source: TestDatabase;
let archive: Buffer;
beforeAll(async () => {
  source = await createTestDatabase("pglite");
  const { db } = source;
  const postId = await publishedPost(db, {
    slug: "on-the-ridge",
    title: "On the ridge",
  });
  // A pair as the social web keeps it (server/fediverse/keys.ts).
  const pair = (await crypto.subtle.generateKey(
    {
      name: "RSASSA-PKCS1-v1_5",
      modulusLength: 2048,
      publicExponent: new Uint8Array([1, 0, 1]),
      hash: "SHA-256",
    },
    true,
    ["sign", "verify"],
  )) as CryptoKeyPair;
  await db.insert(fediverseKeys).values({
    publicKey: await crypto.subtle.exportKey("jwk", pair.publicKey),
    privateKey: await crypto.subtle.exportKey("jwk", pair.privateKey),
  });
  await db.insert(fediverseFollowers).values({
    actorId: "https://social.example/users/sam",
    handle: "@sam@social.example",
    inbox: "https://social.example/users/sam/inbox",
    sharedInbox: "https://social.example/inbox",
    followId: "https://social.example/follows/1",
  });
  await db.insert(fediverseResponses).values({
    objectId: "https://social.example/notes/1",
    kind: "reply",
    postId,
    actorId: "https://social.example/users/sam",
    actorName: "Sam",
    actorHandle: "@sam@social.example",
    contentHtml: "<p>Well met.</p>",
    url: "https://social.example/@sam/1",
    status: "approved",
  });
  await db.insert(fediverseQueue).values([
    {
      message: { type: "outbox", id: "sent" },
      doneAt: new Date("2026-12-01T10:00:00Z"),
    },
    {
      message: {
        type: "outbox",
        id: "still to send",
        keys: [{ privateKey: { d: "queued-private-half" } }],
      },
    },
  ]);
  archive = await exportArchive(db, new Date("2026-12-07T00:00:00Z"), HERE);
}, 120_000);
afterAll(() => source?.dispose());

async function importedInto(siteUrl: string) {
  const target = await createTestDatabase("pglite");
  const report = await importArchive(target.db, archive, publicDir, siteUrl);
  return { target, report };
}

const keysOf = (db: Database) =>
  db
    .select({
      publicKey: fediverseKeys.publicKey,
      privateKey: fediverseKeys.privateKey,
    })
    .from(fediverseKeys)
    .orderBy(fediverseKeys.id);

describe("the social web in the content archive", { timeout: 120_000 }, () => {
  test("the archive holds the keys, followers, responses and delivery log, and the private key nowhere else", async () => {
    const files = await readArchive(archive);
    const file = files.find((entry) => entry.path === FILE);
    const text = new TextDecoder().decode(file?.data);
    const keys = await keysOf(source.db);
    expect(keys.length).toBeGreaterThan(0);
    for (const key of keys) expect(text).toContain(key.privateKey.d);
    const parsed = JSON.parse(text) as Record<string, unknown[]>;
    expect(parsed.host).toBe("jordan.example");
    expect(parsed.followers).toHaveLength(1);
    expect(parsed.responses).toEqual([
      expect.objectContaining({ post: "on-the-ridge", actorName: "Sam" }),
    ]);
    expect(parsed.deliveries).toHaveLength(2);
    // A queued message's copy of the signing keys stays behind.
    expect(text).not.toContain("queued-private-half");
    // Only fediverse.json carries a private key.
    for (const entry of files.filter((other) => other.path !== FILE))
      for (const key of keys)
        expect(new TextDecoder().decode(entry.data)).not.toContain(
          key.privateKey.d,
        );
  });

  test("imported at the same host, the account is the same: keys, followers, the reply under its post, the log of what was sent", async () => {
    const { target, report } = await importedInto(HERE);
    try {
      expect(report.notices).toEqual([]);
      expect(await keysOf(target.db)).toEqual(await keysOf(source.db));
      expect(
        (await target.db.select().from(fediverseFollowers)).map(
          (row) => row.handle,
        ),
      ).toEqual(["@sam@social.example"]);
      const [post] = await target.db
        .select({ id: posts.id })
        .from(posts)
        .where(eq(posts.slug, "on-the-ridge"));
      const shown = await readPostResponses(target.db, post?.id ?? "");
      expect(shown.replies.map((reply) => reply.contentHtml)).toEqual([
        "<p>Well met.</p>",
      ]);
      // What was sent is the log; what was still to send is not sent from here.
      const log = await target.db.select().from(fediverseQueue);
      expect(log.map((row) => row.message)).toEqual([
        { type: "outbox", id: "sent" },
      ]);
    } finally {
      await target.dispose();
    }
  });

  test("imported at another host, the followers stay out and the answer says so", async () => {
    const { target, report } = await importedInto("https://new.example:8443");
    try {
      expect(report.notices).toEqual([
        expect.stringContaining(
          "This archive was made at jordan.example, and this site is at new.example:8443",
        ),
      ]);
      expect(report.notices[0]).toContain("1 follower follows the old address");
      expect(await target.db.select().from(fediverseFollowers)).toEqual([]);
      expect(await keysOf(target.db)).toEqual(await keysOf(source.db));
      expect(await target.db.select().from(fediverseResponses)).toHaveLength(1);
    } finally {
      await target.dispose();
    }
  });

  test("a broken fediverse.json is named, and nothing of the archive is written", async () => {
    const files = (await readArchive(archive)).map((entry) =>
      entry.path === FILE
        ? {
            ...entry,
            data: new TextEncoder().encode(
              JSON.stringify({ host: "jordan.example", keys: "none" }),
            ),
          }
        : entry,
    );
    const target = await createTestDatabase("pglite");
    try {
      const broken = await writeTarGz(files, new Date());
      const refused = await importArchive(
        target.db,
        broken,
        publicDir,
        HERE,
      ).catch((error: unknown) => error);
      expect(refused).toBeInstanceOf(ContentError);
      expect((refused as ContentError).problems.join("\n")).toMatch(
        /fediverse\.json: keys: /,
      );
      expect(await target.db.select().from(posts)).toEqual([]);
      expect(await target.db.select().from(fediverseKeys)).toEqual([]);
    } finally {
      await target.dispose();
    }
  });

  test("a failure writing the social web's rows leaves nothing of the archive imported", async () => {
    // Valid to the file's schema, refused by the database: one follower twice.
    const files = await readArchive(archive);
    const twice = files.map((entry) => {
      if (entry.path !== FILE) return entry;
      const parsed = JSON.parse(new TextDecoder().decode(entry.data)) as {
        followers: unknown[];
      };
      parsed.followers = [...parsed.followers, ...parsed.followers];
      return {
        ...entry,
        data: new TextEncoder().encode(JSON.stringify(parsed)),
      };
    });
    const target = await createTestDatabase("pglite");
    try {
      const failed = await importArchive(
        target.db,
        await writeTarGz(twice, new Date()),
        publicDir,
        HERE,
      ).then(
        () => "imported",
        () => "failed",
      );
      expect(failed).toBe("failed");
      expect(await target.db.select().from(posts)).toEqual([]);
      expect(await target.db.select().from(siteSettings)).toEqual([]);
      expect(await target.db.select().from(fediverseKeys)).toEqual([]);
      expect(await target.db.select().from(fediverseFollowers)).toEqual([]);
    } finally {
      await target.dispose();
    }
  });
});
