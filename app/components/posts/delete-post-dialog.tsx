import * as Dialog from "@radix-ui/react-dialog";
import { Trash2 } from "lucide-react";
import { useState } from "react";
import { useFetcher } from "react-router";

import { buttonClass } from "~/components/page/styles";
import { useNotice } from "~/components/section-list";
import type { ToastInput } from "~/lib/toast";

/** What the post route's action answers when it does not redirect. */
export interface DeletePostResult {
  notice: ToastInput;
}

/**
 * The Delete button and its confirmation (spec §5). Confirming posts to the
 * route's action; a refusal comes back as a notice, a deletion as a redirect.
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
  // The dialog stays open until an answer newer than the one it opened with arrives.
  const [openedWith, setOpenedWith] = useState<{
    data: DeletePostResult | undefined;
  } | null>(null);
  const open = openedWith !== null && openedWith.data === fetcher.data;
  const busy = fetcher.state !== "idle";

  return (
    <Dialog.Root
      open={open}
      onOpenChange={(next) => {
        if (busy) return;
        setOpenedWith(next ? { data: fetcher.data } : null);
      }}
    >
      <Dialog.Trigger className={buttonClass("danger", "sm")}>
        <Trash2 aria-hidden="true" className="h-4 w-4" />
        Delete
      </Dialog.Trigger>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-slate-950/80 backdrop-blur-sm" />
        <Dialog.Content className="fixed top-1/2 left-1/2 z-50 w-[calc(100%-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 rounded-2xl border border-white/10 bg-slate-900 p-6 shadow-xl">
          <Dialog.Title className="font-serif text-xl font-semibold text-white">
            Are you sure you want to delete this post?
          </Dialog.Title>
          <Dialog.Description className="mt-3 text-slate-300">
            “{postTitle}” will be removed from the site. This cannot be undone.
          </Dialog.Description>
          <fetcher.Form
            method="post"
            className="mt-6 flex flex-wrap justify-end gap-3"
          >
            <input type="hidden" name="id" value={postId} />
            <Dialog.Close
              type="button"
              disabled={busy}
              className={buttonClass("secondary")}
            >
              Cancel
            </Dialog.Close>
            <button
              type="submit"
              name="intent"
              value="delete"
              disabled={busy}
              className="inline-flex items-center justify-center rounded-full bg-rose-600 px-5 py-2.5 font-semibold text-white transition-colors hover:bg-rose-500 disabled:opacity-60"
            >
              {busy ? "Deleting..." : "Delete Post"}
            </button>
          </fetcher.Form>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
