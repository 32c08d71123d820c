// Leaving the editor with unsaved changes asks first: the browser's own
// question for a reload or a closed tab, and a dialog for a link inside the
// app (the studio's navigation, "All posts", the browser's Back).
import { useEffect, useId } from "react";
import { useBlocker } from "react-router";
import type { Location } from "react-router";

import { buttonClass } from "~/components/page/styles";
import { Modal } from "~/components/ui/modal";

export function LeaveGuard({
  isDirty,
  staysHere,
}: {
  /** Read when the owner tries to leave. */
  isDirty(): boolean;
  /** A move that is not leaving (the new post's address once it is stored). */
  staysHere(next: Location): boolean;
}) {
  const titleId = useId();
  const descriptionId = useId();
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      isDirty() &&
      nextLocation.pathname !== currentLocation.pathname &&
      !staysHere(nextLocation),
  );

  useEffect(() => {
    const onLeave = (event: BeforeUnloadEvent) => {
      if (isDirty()) event.preventDefault();
    };
    window.addEventListener("beforeunload", onLeave);
    return () => window.removeEventListener("beforeunload", onLeave);
  }, [isDirty]);

  const open = blocker.state === "blocked";
  return (
    <Modal
      open={open}
      onClose={() => blocker.reset?.()}
      labelledBy={titleId}
      describedBy={descriptionId}
      className="w-[calc(100%-2rem)] max-w-md rounded-2xl border border-white/10 bg-slate-900 p-6 text-white shadow-xl backdrop:bg-slate-950/80 backdrop:backdrop-blur-sm"
    >
      <h2 id={titleId} className="font-serif text-xl font-semibold text-white">
        Leave without saving?
      </h2>
      <p id={descriptionId} className="mt-3 text-slate-300">
        This post has changes that are not saved yet. If you leave now, they are
        lost.
      </p>
      <div className="mt-6 flex flex-wrap justify-end gap-3">
        <button
          type="button"
          onClick={() => blocker.reset?.()}
          className={buttonClass("primary")}
        >
          Stay on this page
        </button>
        <button
          type="button"
          onClick={() => blocker.proceed?.()}
          className={buttonClass("dangerSolid")}
        >
          Leave
        </button>
      </div>
    </Modal>
  );
}
