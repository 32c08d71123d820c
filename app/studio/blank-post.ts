import { emptyPostFields } from "~database/post-lifecycle/fields";
import type { StudioPost } from "~database/post-lifecycle/model";
import { slugify } from "./post-schema";

const UNTITLED = "Untitled post";

/** The id a post has until its first save stores it ("New post" stores nothing). */
export const NEW_POST_ID = "new";

/** What "New post" opens: a draft that exists only in the editor until its first save. */
export function blankPost(author: string, now: Date): StudioPost {
  return {
    id: NEW_POST_ID,
    version: 0,
    state: "draft",
    live: false,
    liveSlug: null,
    unpublishedChanges: false,
    scheduledAt: null,
    deletedAt: null,
    updatedAt: now.toISOString(),
    ...emptyPostFields(),
    title: UNTITLED,
    slug: slugify(UNTITLED),
    date: now.toISOString().slice(0, 10),
    author,
  };
}
