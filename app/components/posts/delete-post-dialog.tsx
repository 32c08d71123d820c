import { lazy, Suspense, useState } from "react";
import { useFetcher } from "react-router";

import { buttonClass } from "~/components/page/styles";
import { useNotice } from "~/components/section-list";
import { Icon } from "~/lib/icons";
import type { DeletePostResult } from "./delete-post-confirmation";

// What the post route's action answers when it does not redirect.
export type { DeletePostResult };

// The confirmation's code loads when the Delete button is first pressed:
// most visitors never press it.
const DeletePostConfirmation = lazy(() => import("./delete-post-confirmation"));

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
  // The dialog stays open until an answer newer than the one it opened with arrives.
  const [openedWith, setOpenedWith] = useState<{
    data: DeletePostResult | undefined;
  } | null>(null);
  const open = openedWith !== null && openedWith.data === fetcher.data;
  // Mounted from the first press on, so closing can return focus.
  const [asked, setAsked] = useState(false);

  return (
    <>
      <button
        type="button"
        aria-haspopup="dialog"
        onClick={() => {
          setAsked(true);
          setOpenedWith({ data: fetcher.data });
        }}
        className={buttonClass("danger", "sm")}
      >
        <Icon name="Trash2" aria-hidden="true" className="h-4 w-4" />
        Delete
      </button>
      {asked ? (
        <Suspense fallback={null}>
          <DeletePostConfirmation
            fetcher={fetcher}
            open={open}
            onClose={() => setOpenedWith(null)}
            postId={postId}
            postTitle={postTitle}
          />
        </Suspense>
      ) : null}
    </>
  );
}
