// The notices of a public page, drawn by the server (docs/decisions/058):
// the viewport, the notice an answer carries, and the notices a click may
// raise, prepared in <template>s. The page's inline script
// (app/lib/page-script.ts) shows, times and dismisses them; an island
// (app/islands/notice.ts) pauses them on hover and swipes them away.
import { useIsland } from "~/lib/document-head";
import { Icon } from "~/lib/icons";
import { notImplementedToast } from "~/lib/toast";
import type { ToastInput } from "~/lib/toast";

const missingInformation = {
  title: "Missing Information",
  description: "Please fill out all fields before sending.",
} as const satisfies ToastInput;

/** One notice, as the viewport lists it; `detail` ends its description (the page script may add to it). */
export function NoticeItem({ notice }: { notice: ToastInput }) {
  return (
    <li
      tabIndex={0}
      data-state="open"
      data-variant={notice.variant ?? "default"}
      className="toast group pointer-events-auto relative flex w-full items-start justify-between gap-3 overflow-hidden rounded-lg border p-4 pr-10 shadow-lg data-[variant=default]:border-slate-200 data-[variant=default]:bg-white data-[variant=default]:text-slate-900 data-[variant=destructive]:border-red-700 data-[variant=destructive]:bg-red-700 data-[variant=destructive]:text-white"
    >
      <div className="grid gap-1">
        <div className="text-sm font-semibold">{notice.title}</div>
        {notice.description !== undefined ? (
          <div data-detail="" className="text-sm opacity-90">
            {notice.description}
          </div>
        ) : null}
      </div>
      <button
        type="button"
        aria-label="Close"
        className="absolute top-2 right-2 rounded-md p-1 opacity-80 hover:opacity-100 focus-visible:opacity-100"
      >
        <Icon name="X" aria-hidden="true" className="h-4 w-4" />
      </button>
    </li>
  );
}

/** A notice the page script shows when `name` asks for it (a click, a submit). */
export function PreparedNotice({
  name,
  notice,
}: {
  name: string;
  notice: ToastInput;
}) {
  return (
    <template data-notice-for={name}>
      <NoticeItem notice={notice} />
    </template>
  );
}

/** The notice this page answers with (an action's outcome, a failed read): shown as the page opens. */
export function PageNotice({ notice }: { notice: ToastInput | undefined }) {
  if (!notice) return null;
  return (
    <template data-notice="">
      <NoticeItem notice={notice} />
    </template>
  );
}

/** The viewport every public page has, with the notices any page's controls raise. */
export function NoticeViewport() {
  // Its refinements (pause on hover, swipe), loaded as a notice shows.
  const island = useIsland("notice", "intent");
  return (
    <>
      <section
        {...island}
        id="notices"
        aria-label="Notifications (F8)"
        tabIndex={-1}
        className="pointer-events-none outline-none"
      >
        <ol
          tabIndex={-1}
          className="fixed top-0 z-[100] flex max-h-screen w-full flex-col-reverse gap-2 p-4 outline-none sm:top-auto sm:right-0 sm:bottom-0 sm:flex-col md:max-w-[420px]"
        />
      </section>
      <PreparedNotice name="not-implemented" notice={notImplementedToast} />
      <PreparedNotice name="missing" notice={missingInformation} />
    </>
  );
}
