// The edit screen's state in one reducer: the post as last saved, the form
// being written, whether the address still follows the title, the field
// errors, the save status and an open conflict. The saving itself (queue,
// timer, requests) lives in use-post-saving.ts.

import { POST_FIELD_NAMES } from "~database/post-lifecycle/fields";
import type { StudioPost } from "~database/post-lifecycle/model";
import { NEW_POST_ID } from "./blank-post";
import { detailsForForm, slugify } from "./post-schema";
import type { PostInput } from "./post-schema";

export type SaveIntent =
  "save" | "autosave" | "publish" | "schedule" | "unschedule" | "unpublish";

export type SaveStatus =
  | { kind: "new" }
  | { kind: "saved"; at: string }
  | { kind: "unsaved" }
  | { kind: "saving" }
  | { kind: "failed"; message: string };

export interface EditorState {
  post: StudioPost;
  form: PostInput;
  slugFollows: boolean;
  errors: Record<string, string>;
  status: SaveStatus;
  conflict: StudioPost | null;
  /** Bumped when the body is replaced from outside (their version taken), to remount the editor. */
  editorKey: number;
}

export type EditorAction =
  | { type: "edit"; changes: Partial<PostInput> }
  | { type: "edit-slug"; slug: string }
  | { type: "saving" }
  | { type: "saved"; post: StudioPost; sent: PostInput; newer: boolean }
  | { type: "failed"; message: string; errors?: Record<string, string> }
  | { type: "conflict"; current: StudioPost }
  | { type: "keep-mine" }
  | { type: "use-theirs" };

/** The editor's form of a post: an optional field without a value is "". */
export function formOf(post: StudioPost): PostInput {
  const form: Record<string, unknown> = {};
  for (const name of POST_FIELD_NAMES) form[name] = post[name] ?? "";
  return {
    ...(form as PostInput),
    meta: detailsForForm(post.category, post.meta),
  };
}

/** A slug still following its title: never published, and untouched (or empty, or the next free one the server gave it). */
function followsTitle(post: StudioPost): boolean {
  const fromTitle = slugify(post.title);
  return (
    !post.live &&
    (post.slug === "" ||
      post.slug === fromTitle ||
      new RegExp(`^${fromTitle}-\\d+$`).test(post.slug) ||
      /^untitled-[0-9a-f]{8}$/.test(post.slug))
  );
}

export function initialEditorState(post: StudioPost): EditorState {
  return {
    post,
    form: formOf(post),
    slugFollows: followsTitle(post),
    errors: {},
    status:
      post.id === NEW_POST_ID
        ? { kind: "new" }
        : { kind: "saved", at: post.updatedAt },
    conflict: null,
    editorKey: 0,
  };
}

export function editorReducer(
  state: EditorState,
  action: EditorAction,
): EditorState {
  switch (action.type) {
    case "edit": {
      const form = { ...state.form, ...action.changes };
      if (state.slugFollows && action.changes.title !== undefined) {
        form.slug = slugify(action.changes.title) || state.form.slug;
      }
      return { ...state, form, status: { kind: "unsaved" } };
    }
    case "edit-slug":
      return {
        ...state,
        slugFollows: false,
        form: { ...state.form, slug: action.slug },
        status: { kind: "unsaved" },
      };
    case "saving":
      return { ...state, status: { kind: "saving" } };
    case "saved": {
      // The server may give a draft the next free address (-2, -3): the
      // field shows it, unless the owner has changed the address since.
      const form =
        action.post.slug !== action.sent.slug &&
        state.form.slug === action.sent.slug
          ? { ...state.form, slug: action.post.slug }
          : state.form;
      return {
        ...state,
        post: action.post,
        form,
        // Visitors know a published post's address: it no longer follows.
        slugFollows: state.slugFollows && !action.post.live,
        errors: {},
        status: action.newer
          ? { kind: "unsaved" }
          : { kind: "saved", at: action.post.updatedAt },
      };
    }
    case "failed":
      return {
        ...state,
        errors: action.errors ?? state.errors,
        status: { kind: "failed", message: action.message },
      };
    case "conflict":
      return {
        ...state,
        conflict: action.current,
        status: {
          kind: "failed",
          message: "Not saved: this post changed elsewhere.",
        },
      };
    case "keep-mine":
      return { ...state, conflict: null };
    case "use-theirs": {
      const theirs = state.conflict ?? state.post;
      return {
        ...state,
        post: theirs,
        form: formOf(theirs),
        conflict: null,
        editorKey: state.editorKey + 1,
        status: { kind: "saved", at: theirs.updatedAt },
      };
    }
  }
}
