// A new post whose title another post's address already has: while its
// address follows the title it takes the next free one, whenever the save
// that stores it comes; an address the owner typed is refused, storing nothing.
import { afterAll, beforeAll, describe, expect, test } from "vitest";

import { emptyPostFields } from "~database/post-lifecycle/fields";
import { listStudioPosts } from "~/data/studio-posts.server";
import { createDraft } from "~database/post-lifecycle/edit";
import type { StudioPost } from "~database/post-lifecycle/model";
import { publishPost } from "~database/post-lifecycle/publish";
import { createTestDatabase, testDatabaseKinds } from "~tests/support/database";
import type { TestDatabase } from "~tests/support/database";

import { NEW_POST_ID } from "./blank-post";
import { handleSave } from "./save-post.server";

const owner = {
  id: "owner",
  email: "o@example.org",
  name: "Jordan",
  role: "owner",
};

const post = (title: string, slug: string) => ({
  title,
  slug,
  excerpt: "",
  category: "Notes",
  author: "Jordan",
  date: "2026-11-20",
  image: "",
  content: "<p>Words.</p>",
  meta: null,
});

describe.each(testDatabaseKinds)("a new post's address on %s", (kind) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase(kind);
    const made = await createDraft(
      database.db,
      {
        ...emptyPostFields(),
        ...post("Sunrise", "sunrise"),
        image: null,
      },
      { actor: "Jordan" },
    );
    if (made.status !== "done") throw new Error("no post");
    await publishPost(
      database.db,
      { id: made.post.id, baseVersion: 1 },
      { actor: "Jordan" },
    );
  });
  afterAll(() => database.dispose());

  const send = async (id: string, body: Record<string, unknown>) => {
    const response = await handleSave({ db: database.db, owner }, id, body);
    return {
      status: response.status,
      body: (await response.json()) as {
        status: string;
        message?: string;
        post: StudioPost;
      },
    };
  };

  /** A new post sent as the editor sends its first save or publish. */
  const sendNew = (
    intent: "autosave" | "publish",
    slugFollows: boolean,
    title: string,
    slug: string,
  ) =>
    send(NEW_POST_ID, {
      intent,
      baseVersion: 0,
      slugFollows,
      post: post(title, slug),
    });

  test("published at once with a taken title, it gets the next free address", async () => {
    const published = await sendNew("publish", true, "Sunrise", "sunrise");
    expect(published.status).toBe(200);
    expect(published.body.post).toMatchObject({
      slug: "sunrise-2",
      state: "published",
      title: "Sunrise",
    });
  });

  test("published after an autosave stored it, sending the title's address again, it keeps its own", async () => {
    const autosaved = await sendNew("autosave", true, "Sunrise", "sunrise");
    expect(autosaved.body.post.slug).toBe("sunrise-3");
    // The publish left before the editor showed the address the autosave got.
    const published = await send(autosaved.body.post.id, {
      intent: "publish",
      baseVersion: autosaved.body.post.version,
      slugFollows: true,
      post: post("Sunrise", "sunrise"),
    });
    expect(published.status).toBe(200);
    expect(published.body.post).toMatchObject({
      id: autosaved.body.post.id,
      slug: "sunrise-3",
      state: "published",
    });
  });

  test("a typed address another post has is refused, and nothing is stored", async () => {
    const before = await listStudioPosts(database.db);
    const refused = await sendNew(
      "publish",
      false,
      "Another sunrise",
      "sunrise",
    );
    expect(refused.status).toBe(400);
    expect(refused.body.message).toBe(
      "Another post already uses this address.",
    );
    expect(await listStudioPosts(database.db)).toHaveLength(before.length);
  });
});
