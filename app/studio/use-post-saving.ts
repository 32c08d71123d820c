// The edit screen's saving: one queue of requests (autosave, Ctrl/Cmd+S and
// the publishing buttons), each based on the version the last one returned.
// A save that fails for any reason leaves the form as it is, marked unsaved,
// with a message; a refused version opens the conflict screen.
import { useCallback, useEffect, useReducer, useRef } from "react";

import type { StudioPost } from "~database/post-lifecycle/model";
import {
  editorReducer,
  initialEditorState,
  type SaveIntent,
} from "./post-editor-state";
import { fieldErrors, postInputSchema, publishProblems } from "./post-schema";
import type { PostInput } from "./post-schema";
import { readSaveAnswer, UNREACHABLE_MESSAGE } from "./save-answer";
import type { SaveAnswer } from "./save-answer";

/** Quiet time after the last keystroke before the working copy is saved. */
const AUTOSAVE_DELAY_MS = 1500;

export function usePostSaving(
  initialPost: StudioPost,
  /** Called once, when the first save of a new post has stored it. */
  onCreated: (post: StudioPost) => void,
) {
  const [state, dispatch] = useReducer(
    editorReducer,
    initialPost,
    initialEditorState,
  );
  const postId = useRef(initialPost.id);
  const version = useRef(initialPost.version);
  const latest = useRef(state.form);
  const follows = useRef(state.slugFollows);
  const dirty = useRef(false);
  /** Saves queued or under way: until they are answered, leaving could lose them. */
  const pending = useRef(0);
  const inConflict = useRef(false);
  const queue = useRef<Promise<unknown>>(Promise.resolve());
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const created = useRef(onCreated);

  // What the next save sends: always the newest form.
  useEffect(() => {
    latest.current = state.form;
    follows.current = state.slugFollows;
    created.current = onCreated;
  }, [state.form, state.slugFollows, onCreated]);

  const send = useCallback(
    (
      intent: SaveIntent,
      extra: { scheduledAt?: string; alsoSend?: boolean } = {},
    ) => {
      clearTimeout(timer.current);
      const run = async (): Promise<SaveAnswer | null> => {
        if (inConflict.current) return null;
        if (intent === "autosave" && !dirty.current) return null;
        const sent = latest.current;
        if (intent !== "unpublish" && intent !== "unschedule") {
          const checked = postInputSchema.safeParse(sent);
          const problems =
            intent === "publish" || intent === "schedule"
              ? publishProblems(sent)
              : {};
          if (!checked.success || Object.keys(problems).length > 0) {
            dispatch({
              type: "failed",
              message: "Not saved: some fields need attention.",
              errors: {
                ...(checked.success ? {} : fieldErrors(checked.error)),
                ...problems,
              },
            });
            return null;
          }
        }
        dispatch({ type: "saving" });
        dirty.current = false;
        let answer: SaveAnswer;
        try {
          const response = await fetch(`/studio/posts/${postId.current}/save`, {
            method: "POST",
            headers: { "content-type": "application/json" },
            body: JSON.stringify({
              intent,
              baseVersion: version.current,
              post: sent,
              slugFollows: follows.current,
              ...extra,
            }),
          });
          answer = await readSaveAnswer(response);
        } catch {
          answer = { status: "failed", message: UNREACHABLE_MESSAGE };
        }
        switch (answer.status) {
          case "saved": {
            version.current = answer.post.version;
            const newer = latest.current !== sent;
            // Typing during the save made the form newer than what was sent.
            if (newer) dirty.current = true;
            dispatch({ type: "saved", post: answer.post, sent, newer });
            if (postId.current !== answer.post.id) {
              postId.current = answer.post.id;
              created.current(answer.post);
            }
            break;
          }
          case "conflict":
            dirty.current = true;
            inConflict.current = true;
            dispatch({ type: "conflict", current: answer.current });
            break;
          case "invalid":
            dirty.current = true;
            dispatch({
              type: "failed",
              message: `Not saved: ${answer.message}`,
              errors: answer.errors,
            });
            break;
          case "failed":
            dirty.current = true;
            dispatch({ type: "failed", message: answer.message });
        }
        return answer;
      };
      pending.current += 1;
      const settle = () => {
        pending.current -= 1;
      };
      const next = queue.current.then(run, run);
      queue.current = next;
      void next.then(settle, settle);
      return next;
    },
    [],
  );

  const scheduleAutosave = () => {
    dirty.current = true;
    clearTimeout(timer.current);
    timer.current = setTimeout(() => void send("autosave"), AUTOSAVE_DELAY_MS);
  };

  const update = (changes: Partial<PostInput>) => {
    dispatch({ type: "edit", changes });
    scheduleAutosave();
  };

  const updateSlug = (slug: string) => {
    dispatch({ type: "edit-slug", slug });
    scheduleAutosave();
  };

  // Ctrl/Cmd+S saves now, wherever the focus is.
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if ((event.ctrlKey || event.metaKey) && event.key.toLowerCase() === "s") {
        event.preventDefault();
        void send("save");
      }
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, [send]);

  useEffect(() => () => clearTimeout(timer.current), []);

  /** Unsaved changes (typed, being saved, or a save that failed); read at the moment of asking. */
  const isDirty = useCallback(() => dirty.current || pending.current > 0, []);

  /** The post's id as the server knows it, updated the moment a new post is stored. */
  const currentId = useCallback(() => postId.current, []);

  const conflict = state.conflict;
  return {
    currentId,
    state,
    send,
    update,
    updateSlug,
    isDirty,
    keepMine: () => {
      if (!conflict) return;
      version.current = conflict.version;
      inConflict.current = false;
      dispatch({ type: "keep-mine" });
      void send("save");
    },
    takeTheirs: () => {
      if (!conflict) return;
      version.current = conflict.version;
      inConflict.current = false;
      dirty.current = false;
      dispatch({ type: "use-theirs" });
    },
  };
}
