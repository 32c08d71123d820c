// For tests: a post made and published through the studio's own lifecycle.
import type { Database } from "~database/client";
import { createDraft } from "~database/post-lifecycle/edit";
import { emptyPostFields } from "~database/post-lifecycle/fields";
import type { PostFields } from "~database/post-lifecycle/model";
import { publishPost } from "~database/post-lifecycle/publish";

/** Makes a draft with these fields over plain defaults and publishes it; returns its id. */
export async function publishedPost(
  db: Database,
  fields: Partial<PostFields> & { slug: string; title: string },
): Promise<string> {
  const draft = await createDraft(
    db,
    {
      ...emptyPostFields(),
      excerpt: "",
      content: "<p>Words.</p>",
      image: null,
      date: "2026-12-01",
      category: "Notes",
      author: "Jordan Avery",
      meta: null,
      ...fields,
    },
    { actor: "Jordan Avery" },
  );
  if (draft.status !== "done") throw new Error(`no draft: ${draft.status}`);
  const published = await publishPost(
    db,
    { id: draft.post.id, baseVersion: 1 },
    { actor: "Jordan Avery" },
  );
  if (published.status !== "done")
    throw new Error(`not published: ${published.status}`);
  return draft.post.id;
}
