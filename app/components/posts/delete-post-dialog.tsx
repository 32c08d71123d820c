import { useId, useState } from "react";
import { useFetcher } from "react-router";

import { buttonClass } from "~/components/page/styles";
import { useNotice } from "~/components/section-list";
import { Modal } from "~/components/ui/modal";
import { Icon } from "~/lib/icons";
import type { ToastInput } from "~/lib/toast";

/** What the post route's action answers when it does not redirect. */
export interface DeletePostResult {
  notice: ToastInput;
}

/**
 * The Delete button and its confirmation, on the native-dialog
 * <Modal>. Confirming posts to the route's action; a refusal comes back as a
 * notice, a deletion as a redirect.
 */
export function DeletePostDialog({
  postId,
  postTitle,
}: {
  postId: string;
  postTitle: string;
}) {
  const fetcher = useFetcher<DeletePostResult>();
  useNotice(fetcher.data?.notice);
  const titleId = useId();
  const descriptionId = useId();
  // The dialog stays open until an answer newer than the one it opened with arrives.
  const [openedWith, setOpenedWith] = useState<{
    data: DeletePostResult | undefined;
  } | null>(null);
  const open = openedWith !== null && openedWith.data === fetcher.data;
  const busy = fetcher.state !== "idle";

  return (
    <>
      <button
        type="button"
        aria-haspopup="dialog"
        onClick={() => setOpenedWith({ data: fetcher.data })}
        className={buttonClass("danger", "sm")}
      >
        <Icon name="Trash2" aria-hidden="true" className="h-4 w-4" />
        Delete
      </button>
      <Modal
        open={open}
        onClose={() => setOpenedWith(null)}
        labelledBy={titleId}
        describedBy={descriptionId}
        dismissible={!busy}
        className="w-[calc(100%-2rem)] max-w-md rounded-2xl border border-white/10 bg-slate-900 p-6 text-white shadow-xl backdrop:bg-slate-950/80 backdrop:backdrop-blur-sm"
      >
        <h2
          id={titleId}
          className="font-serif text-xl font-semibold text-white"
        >
          Are you sure you want to delete this post?
        </h2>
        <p id={descriptionId} className="mt-3 text-slate-300">
          “{postTitle}” will be removed from the site. This cannot be undone.
        </p>
        <fetcher.Form
          method="post"
          className="mt-6 flex flex-wrap justify-end gap-3"
        >
          <input type="hidden" name="id" value={postId} />
          <button
            type="button"
            disabled={busy}
            onClick={() => setOpenedWith(null)}
            className={buttonClass("secondary")}
          >
            Cancel
          </button>
          <button
            type="submit"
            name="intent"
            value="delete"
            disabled={busy}
            className={buttonClass("dangerSolid")}
          >
            {busy ? "Deleting..." : "Delete Post"}
          </button>
        </fetcher.Form>
      </Modal>
    </>
  );
}
