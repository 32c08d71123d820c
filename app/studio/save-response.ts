import type { StudioPost } from "~database/post-lifecycle/model";

/** What the save endpoint answers the editor. */
export type SaveResponse =
  | { status: "saved"; post: StudioPost }
  | { status: "conflict"; current: StudioPost }
  | { status: "invalid"; message: string; errors: Record<string, string> }
  /** 503: the database could not take the save; the editor keeps the text. */
  | { status: "unavailable"; message: string; errors: Record<string, string> };
