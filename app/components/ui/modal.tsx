import { useEffect, useRef } from "react";
import type { ReactNode } from "react";

import { wrapTab } from "~/lib/tab-wrap";

export interface ModalProps {
  id?: string;
  open: boolean;
  /** Called when the visitor dismisses the modal (Escape) or it closes itself. */
  onClose: () => void;
  /** Id of the element that names the modal (its title). */
  labelledBy: string;
  /** Id of the element that describes the modal, if any. */
  describedBy?: string;
  /** False while the modal must stay open (e.g. a request is under way): Escape then does nothing. */
  dismissible?: boolean;
  className?: string;
  /** Where focus goes on closing, when not back to the element that had it (a rich-text editor restores its own caret). */
  restoreFocus?: () => void;
  children: ReactNode;
}

/**
 * A modal on the native <dialog>: the browser makes the rest of the page
 * inert, closes it on Escape and moves focus in. This adds what it leaves
 * out: Tab wraps inside, focus goes back to where it was, the page behind
 * does not scroll (site.css). No script library, so the shell stays light.
 */
export function Modal({
  id,
  open,
  onClose,
  labelledBy,
  describedBy,
  dismissible = true,
  className,
  restoreFocus,
  children,
}: ModalProps) {
  const dialog = useRef<HTMLDialogElement>(null);
  const returnFocus = useRef<HTMLElement | null>(null);

  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    if (open && !element.open) {
      returnFocus.current =
        document.activeElement instanceof HTMLElement
          ? document.activeElement
          : null;
      element.showModal();
    } else if (!open && element.open) {
      element.close();
    }
  }, [open]);

  function handleClose() {
    onClose();
    if (restoreFocus) restoreFocus();
    else returnFocus.current?.focus();
    returnFocus.current = null;
  }

  return (
    <dialog
      ref={dialog}
      id={id}
      aria-labelledby={labelledBy}
      aria-describedby={describedBy}
      onCancel={(event) => {
        // Escape closes through state, at once: left to the browser, the
        // close event comes a task later, and a press that reopens the
        // modal in between would be undone by it.
        event.preventDefault();
        if (dismissible) onClose();
      }}
      onClose={handleClose}
      onKeyDown={wrapTab}
      className={className}
    >
      {children}
    </dialog>
  );
}
