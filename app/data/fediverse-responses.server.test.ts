// The studio's handling of replies and what shows under a post: approve,
// hide, block an account or a whole server (dropping what is kept of it).
import { afterEach, describe, expect, test } from "vitest";

import {
  fediverseBlocks,
  fediverseFollowers,
  fediverseResponses,
} from "~database/schema";
import { createTestDatabase, testDatabaseKinds } from "~tests/support/database";
import type { TestDatabase } from "~tests/support/database";
import { publishedPost } from "~tests/support/posts";

import {
  changeResponse,
  countPendingResponses,
  listStudioResponses,
  readPostResponses,
} from "./fediverse-responses.server";

let database: TestDatabase | undefined;
afterEach(async () => {
  await database?.dispose();
  database = undefined;
});

describe.each(testDatabaseKinds)("on %s", (kind) => {
  test("a reply shows under its post once approved, not while waiting or hidden; blocks drop an account's or a server's responses and follows", async () => {
    database = await createTestDatabase(kind);
    const { db } = database;
    const postId = await publishedPost(db, { slug: "p", title: "P" });
    const response = (
      n: number,
      actor: string,
      kindOf: "reply" | "like" = "reply",
    ) => ({
      objectId: `${actor}/statuses/${n}`,
      kind: kindOf,
      postId,
      actorId: actor,
      actorName: `Name ${n}`,
      actorHandle: `@u${n}@${new URL(actor).host}`,
      contentHtml: `<p>Reply ${n}</p>`,
      status: kindOf === "like" ? ("approved" as const) : ("pending" as const),
    });
    await db
      .insert(fediverseResponses)
      .values([
        response(1, "https://a.example/users/one"),
        response(2, "https://b.example/users/two"),
        response(3, "https://b.example:8443/users/three"),
        response(4, "https://a.example/users/four", "like"),
      ]);
    await db.insert(fediverseFollowers).values({
      actorId: "https://b.example/users/two",
      inbox: "https://b.example/users/two/inbox",
    });
    expect(await countPendingResponses(db)).toBe(3);
    expect(await readPostResponses(db, postId)).toEqual({
      replies: [],
      likes: 1,
      boosts: 0,
    });
    const [one] = (await listStudioResponses(db)).filter(
      (row) => row.actorHandle === "@u1@a.example",
    );
    expect(
      await changeResponse(db, { intent: "approve", id: one?.id ?? "" }),
    ).toBe("@u1@a.example");
    const shown = await readPostResponses(db, postId);
    expect(shown.replies.map((reply) => reply.contentHtml)).toEqual([
      "<p>Reply 1</p>",
    ]);
    await changeResponse(db, { intent: "hide", id: one?.id ?? "" });
    expect((await readPostResponses(db, postId)).replies).toEqual([]);

    const [two] = (await listStudioResponses(db)).filter(
      (row) => row.actorHandle === "@u2@b.example",
    );
    expect(
      await changeResponse(db, { intent: "block-server", id: two?.id ?? "" }),
    ).toBe("b.example");
    expect(
      (await listStudioResponses(db)).map((row) => row.actorHandle),
    ).toEqual(["@u1@a.example"]);
    expect(await db.select().from(fediverseFollowers)).toEqual([]);
    expect(
      (await db.select().from(fediverseBlocks)).map((row) => [
        row.pattern,
        row.kind,
      ]),
    ).toEqual([["b.example", "server"]]);
    expect(
      await changeResponse(db, {
        intent: "approve",
        id: "00000000-0000-4000-8000-000000000000",
      }),
    ).toBeNull();
  });
});
