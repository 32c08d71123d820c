import type { StudioPost } from "~database/post-lifecycle/model";

/** What the save endpoint answers the editor. */
export type SaveResponse =
  /** `notice`: what the editor tells the owner after a publish, schedule or save. */
  | {
      status: "saved";
      post: StudioPost;
      notice?: { title: string; description: string };
    }
  | { status: "conflict"; current: StudioPost }
  | { status: "invalid"; message: string; errors: Record<string, string> }
  /** 503: the database could not take the save; the editor keeps the text. */
  | { status: "unavailable"; message: string; errors: Record<string, string> };
