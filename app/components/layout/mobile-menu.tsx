import { useRef } from "react";

import { Icon } from "~/lib/icons";
import { useIsland } from "~/lib/document-head";
import { wrapTab } from "~/lib/tab-wrap";

import { SiteNav } from "./site-nav";

declare module "react" {
  // Invoker commands (HTML): a button opens or closes the dialog it names
  // without any script. Not yet in React's types.
  interface ButtonHTMLAttributes<T> extends HTMLAttributes<T> {
    command?: "show-modal" | "close";
    commandfor?: string;
  }
}

const MENU_ID = "mobile-menu";

/**
 * The small-screen menu: a button that opens a full-screen native <dialog>.
 * Both are in the HTML and wired by invoker commands, so the menu opens and
 * closes before the app has loaded (the boot script stands in for browsers
 * without them, and keeps aria-expanded in step). The browser makes the page
 * inert, closes it on Escape and returns focus to the button; the app adds
 * Tab going round inside, and closes it when a link is chosen.
 */
export function MobileMenu() {
  const dialog = useRef<HTMLDialogElement>(null);
  const close = () => dialog.current?.close();
  // On a public page, where React does not run: its island (app/islands/dialog.ts).
  const island = useIsland("dialog", "intent");
  return (
    <>
      <button
        type="button"
        command="show-modal"
        commandfor={MENU_ID}
        className="inline-flex items-center gap-2 rounded-md p-2 text-slate-200 hover:bg-white/10 xl:hidden"
        aria-label="Open menu"
        aria-haspopup="dialog"
        aria-expanded="false"
      >
        <Icon name="Menu" aria-hidden="true" className="h-6 w-6" />
      </button>
      <dialog
        {...island}
        ref={dialog}
        id={MENU_ID}
        aria-labelledby="mobile-menu-title"
        onKeyDown={wrapTab}
        className="fixed inset-0 z-50 m-0 h-full max-h-none w-full max-w-none flex-col overflow-y-auto bg-slate-950 px-6 py-4 text-white backdrop:bg-slate-950 open:flex"
      >
        <div className="flex h-12 items-center justify-between">
          <h2
            id="mobile-menu-title"
            className="font-serif text-lg font-semibold"
          >
            Menu
          </h2>
          <button
            type="button"
            command="close"
            commandfor={MENU_ID}
            className="rounded-md p-2 text-slate-200 hover:bg-white/10"
            aria-label="Close menu"
          >
            <Icon name="X" aria-hidden="true" className="h-6 w-6" />
          </button>
        </div>
        <SiteNav
          className="mt-6"
          listClassName="flex flex-col gap-1"
          onChoose={close}
          linkClassName={({ isActive }) =>
            [
              "block rounded-lg px-4 py-3 text-lg font-medium",
              isActive
                ? "bg-emerald-500/15 text-emerald-300"
                : "text-slate-200 hover:bg-white/5",
            ].join(" ")
          }
        />
      </dialog>
    </>
  );
}
