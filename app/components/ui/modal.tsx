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
  // Read when the dialog closes, which may be after a render that changed them.
  const restore = useRef(restoreFocus);
  restore.current = restoreFocus;

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
      // Focus goes back at once, not on the close event a task later: by
      // then a key press may have opened the dialog again, and focus moved
      // then would land behind it (the keyboard's next words with it).
      focusBack();
    }
  }, [open]);

  /** Puts focus back where it was before the dialog opened, once per opening. */
  function focusBack() {
    const target = returnFocus.current;
    returnFocus.current = null;
    if (restore.current) restore.current();
    else target?.focus();
  }

  function handleClose() {
    // Closed by state (above), or open again since: nothing left to do.
    if (!open || dialog.current?.open) return;
    // Closed by the browser itself: the state follows.
    onClose();
    focusBack();
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
