// The actor's conversations, on @fedify/testing's mock federation over a
// real database (follow.test.ts follows over loopback with real signatures):
// an Undo removes the follower, only its own, and a follower whose inbox is
// a private address is refused.
import { createFederation } from "@fedify/testing";
import { Endpoints, Follow, Person, Undo } from "@fedify/vocab";
import { afterEach, describe, expect, test } from "vitest";

import { defaultSettings } from "~/config/default-settings";
import { createLogger } from "~shared/logger";
import { createTestDatabase, testDatabaseKinds } from "~tests/support/database";
import type { TestDatabase } from "~tests/support/database";

import { ACTOR_ID, configureFederation } from "./federation";
import { addFollower, listFollowers } from "./followers";

const SITE_URL = "https://site.example";
const ACTOR = new URL(`/fediverse/${ACTOR_ID}`, SITE_URL);

let database: TestDatabase | undefined;
afterEach(async () => {
  await database?.dispose();
  database = undefined;
});

async function siteFederation(kind: (typeof testDatabaseKinds)[number]) {
  database = await createTestDatabase(kind);
  const federation = createFederation<null>({
    origin: SITE_URL,
    contextData: null,
  });
  configureFederation(federation, {
    db: database.db,
    siteUrl: SITE_URL,
    settings: async () => ({ ...defaultSettings, socialWeb: "on" }),
    logger: createLogger("silent"),
    privatePeers: ["elsewhere.example:443"],
  });
  return { federation, db: database.db };
}

const sam = (inbox = "https://elsewhere.example/users/sam/inbox") =>
  new Person({
    id: new URL("https://elsewhere.example/users/sam"),
    preferredUsername: "sam",
    inbox: new URL(inbox),
    endpoints: new Endpoints({
      sharedInbox: new URL("https://elsewhere.example/inbox"),
    }),
  });

const followBy = (actor: Person, id = "https://elsewhere.example/follows/1") =>
  new Follow({ id: new URL(id), actor, object: ACTOR });

describe.each(testDatabaseKinds)("on %s", (kind) => {
  test("Undo(Follow) removes the follower; an Undo by someone else removes nothing", async () => {
    const { federation, db } = await siteFederation(kind);
    const follow = followBy(sam());
    await addFollower(db, {
      actorId: "https://elsewhere.example/users/sam",
      handle: null,
      inbox: "https://elsewhere.example/users/sam/inbox",
      sharedInbox: null,
      followId: follow.id?.href ?? null,
    });
    await federation.receiveActivity(
      new Undo({
        id: new URL("https://other.example/undo/1"),
        actor: new URL("https://other.example/users/eve"),
        object: follow,
      }),
    );
    expect(await listFollowers(db)).toHaveLength(1);
    await federation.receiveActivity(
      new Undo({
        id: new URL("https://elsewhere.example/undo/1"),
        actor: new URL("https://elsewhere.example/users/sam"),
        object: follow,
      }),
    );
    expect(await listFollowers(db)).toEqual([]);
  });

  test("a follower whose inbox is a private or loopback address is refused, and a Follow of another actor is ignored", async () => {
    const { federation, db } = await siteFederation(kind);
    await federation.receiveActivity(
      followBy(sam("http://127.0.0.1:5432/inbox")),
    );
    await federation.receiveActivity(
      new Follow({
        id: new URL("https://elsewhere.example/follows/2"),
        actor: sam(),
        object: new URL("https://site.example/fediverse/someone-else"),
      }),
    );
    expect(await listFollowers(db)).toEqual([]);
    expect(federation.sentActivities).toEqual([]);
  });
});
