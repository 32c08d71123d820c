import { useId } from "react";
import type { FetcherWithComponents } from "react-router";

import { buttonClass } from "~/components/page/styles";
import { Modal } from "~/components/ui/modal";

import type { ToastInput } from "~/lib/toast";
import { TRASH_PERIOD } from "~shared/retention";

/** What the post route's action answers when it does not redirect: the notice to show. */
export interface DeletePostResult {
  notice: ToastInput;
}

/** The question the post's Delete button asks, with the form that deletes it. */
export default function DeletePostConfirmation({
  fetcher,
  open,
  onClose,
  postId,
  postTitle,
}: {
  fetcher: FetcherWithComponents<DeletePostResult>;
  open: boolean;
  onClose: () => void;
  postId: string;
  postTitle: string;
}) {
  const titleId = useId();
  const descriptionId = useId();
  const busy = fetcher.state !== "idle";
  return (
    <Modal
      open={open}
      onClose={onClose}
      labelledBy={titleId}
      describedBy={descriptionId}
      dismissible={!busy}
      className="w-[calc(100%-2rem)] max-w-md rounded-2xl border border-white/10 bg-slate-900 p-6 text-white shadow-xl backdrop:bg-slate-950/80 backdrop:backdrop-blur-sm"
    >
      <h2 id={titleId} className="font-serif text-xl font-semibold text-white">
        Are you sure you want to delete this post?
      </h2>
      <p id={descriptionId} className="mt-3 text-slate-300">
        “{postTitle}” will be removed from the site and kept in the studio’s
        trash for {TRASH_PERIOD}.
      </p>
      <fetcher.Form
        method="post"
        className="mt-6 flex flex-wrap justify-end gap-3"
      >
        <input type="hidden" name="id" value={postId} />
        <button
          type="button"
          disabled={busy}
          onClick={onClose}
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
  );
}
