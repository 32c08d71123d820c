import { describe, expect, it } from "vitest";

import { blankPost } from "./blank-post";
import { editorReducer, initialEditorState } from "./post-editor-state";

const now = new Date("2026-11-27T12:00:00Z");

describe("editorReducer", () => {
  it("starts a new post as not stored, its address following the title", () => {
    let state = initialEditorState(blankPost("Jordan Avery", now));
    expect(state.status).toEqual({ kind: "new" });
    state = editorReducer(state, {
      type: "edit",
      changes: { title: "Twin Lakes" },
    });
    expect(state.form.slug).toBe("twin-lakes");
    expect(state.status).toEqual({ kind: "unsaved" });
  });

  it("shows the next free address the server gave, until the owner changes it", () => {
    let state = initialEditorState(blankPost("Jordan Avery", now));
    state = editorReducer(state, {
      type: "edit",
      changes: { title: "Twin Lakes" },
    });
    const sent = state.form;
    const saved = {
      ...blankPost("Jordan Avery", now),
      id: "0b7f3c9e-0000-4000-8000-000000000000",
      title: "Twin Lakes",
      slug: "twin-lakes-2",
    };
    const after = editorReducer(state, {
      type: "saved",
      post: saved,
      sent,
      newer: false,
    });
    expect(after.form.slug).toBe("twin-lakes-2");
    expect(after.status).toEqual({ kind: "saved", at: saved.updatedAt });
    // Still following the title: a new title brings a new address.
    expect(
      editorReducer(after, { type: "edit", changes: { title: "Three Lakes" } })
        .form.slug,
    ).toBe("three-lakes");
    // An address typed during the save is the owner's, and stays.
    const typed = editorReducer(state, { type: "edit-slug", slug: "mine" });
    expect(
      editorReducer(typed, { type: "saved", post: saved, sent, newer: true })
        .form.slug,
    ).toBe("mine");
  });

  it("keeps the form and its errors as they are when a save fails", () => {
    const state = editorReducer(
      initialEditorState(blankPost("Jordan Avery", now)),
      { type: "edit", changes: { content: "<p>Every word</p>" } },
    );
    const failed = editorReducer(state, {
      type: "failed",
      message: "Not saved: the server could not be reached.",
    });
    expect(failed.form).toBe(state.form);
    expect(failed.status.kind).toBe("failed");
  });
});
