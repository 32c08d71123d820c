import { useId } from "react";

import { buttonClass } from "~/components/page/styles";
import { useIsland } from "~/lib/document-head";
import { Icon } from "~/lib/icons";
import type { ToastInput } from "~/lib/toast";
import { TRASH_PERIOD } from "~shared/retention";

/** What the post route's action answers when it does not redirect: the notice to show. */
export interface DeletePostResult {
  notice: ToastInput;
}

/**
 * The Delete button and its confirmation: a native modal <dialog> the
 * button opens by invoker command, so the browser makes the page behind
 * inert, closes it on Escape and gives the focus back. Confirming posts the
 * form to the route's action, which answers with the page and its notice,
 * or with a redirect (docs/decisions/058).
 */
export function DeletePostDialog({
  postId,
  postTitle,
}: {
  postId: string;
  postTitle: string;
}) {
  const dialogId = useId();
  const titleId = useId();
  const descriptionId = useId();
  // aria-expanded and Tab inside: its island (app/islands/dialog.ts).
  const island = useIsland("dialog", "intent");
  return (
    <>
      <button
        type="button"
        command="show-modal"
        commandfor={dialogId}
        aria-haspopup="dialog"
        aria-expanded="false"
        className={buttonClass("danger", "sm")}
      >
        <Icon name="Trash2" aria-hidden="true" className="h-4 w-4" />
        Delete
      </button>
      <dialog
        {...island}
        id={dialogId}
        aria-labelledby={titleId}
        aria-describedby={descriptionId}
        className="m-auto w-[calc(100%-2rem)] max-w-md rounded-2xl border border-white/10 bg-slate-900 p-6 text-white shadow-xl backdrop:bg-slate-950/80 backdrop:backdrop-blur-sm"
      >
        <h2
          id={titleId}
          className="font-serif text-xl font-semibold text-white"
        >
          Are you sure you want to delete this post?
        </h2>
        <p id={descriptionId} className="mt-3 text-slate-300">
          “{postTitle}” will be removed from the site and kept in the studio’s
          trash for {TRASH_PERIOD}.
        </p>
        <form method="post" className="mt-6 flex flex-wrap justify-end gap-3">
          <input type="hidden" name="id" value={postId} />
          <button
            type="button"
            command="close"
            commandfor={dialogId}
            className={buttonClass("secondary")}
          >
            Cancel
          </button>
          <button
            type="submit"
            name="intent"
            value="delete"
            className={buttonClass("dangerSolid")}
          >
            <span className="when-idle">Delete Post</span>
            <span className="when-busy">Deleting...</span>
          </button>
        </form>
      </dialog>
    </>
  );
}
