import type { StudioPost } from "~/data/studio-posts.server";

/** What the save endpoint answers the editor. */
export type SaveResponse =
  | { status: "saved"; post: StudioPost }
  | { status: "conflict"; current: StudioPost }
  | { status: "invalid"; message: string; errors: Record<string, string> };
