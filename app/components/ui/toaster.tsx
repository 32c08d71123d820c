import * as ToastPrimitive from "@radix-ui/react-toast";
import { useEffect, useRef } from "react";

import { Icon } from "~/lib/icons";
import {
  dismissToast,
  removeToast,
  TOAST_DURATION_MS,
  TOAST_SWIPE_THRESHOLD_PX,
  useToasts,
} from "~/lib/toast";

/**
 * The notice viewport. Radix gives the accessible parts a notice needs:
 * F8 to focus the viewport, Escape and swipe-right to dismiss, a polite
 * screen-reader announcement that is removed after 1000 ms. Loaded on
 * demand by <Notices>; `focusViewport` finishes an F8 press made before it
 * was loaded.
 */
export function Toaster({
  focusViewport = false,
}: {
  focusViewport?: boolean;
}) {
  const notices = useToasts();
  const viewport = useRef<HTMLOListElement>(null);
  useEffect(() => {
    if (focusViewport) viewport.current?.focus();
  }, [focusViewport]);
  return (
    <ToastPrimitive.Provider
      duration={TOAST_DURATION_MS}
      swipeDirection="right"
      swipeThreshold={TOAST_SWIPE_THRESHOLD_PX}
    >
      {notices.map((notice) => (
        <ToastPrimitive.Root
          key={notice.id}
          open={notice.open}
          duration={notice.duration}
          type={notice.variant === "destructive" ? "foreground" : "background"}
          onOpenChange={(open) => {
            if (!open) dismissToast(notice.id);
          }}
          onAnimationEnd={() => {
            if (!notice.open) removeToast(notice.id);
          }}
          data-variant={notice.variant ?? "default"}
          className="toast group pointer-events-auto relative flex w-full items-start justify-between gap-3 overflow-hidden rounded-lg border p-4 pr-10 shadow-lg data-[variant=default]:border-slate-200 data-[variant=default]:bg-white data-[variant=default]:text-slate-900 data-[variant=destructive]:border-red-700 data-[variant=destructive]:bg-red-700 data-[variant=destructive]:text-white"
        >
          <div className="grid gap-1">
            <ToastPrimitive.Title className="text-sm font-semibold">
              {notice.title}
            </ToastPrimitive.Title>
            {notice.description ? (
              <ToastPrimitive.Description className="text-sm opacity-90">
                {notice.description}
              </ToastPrimitive.Description>
            ) : null}
          </div>
          <ToastPrimitive.Close
            aria-label="Close"
            className="absolute top-2 right-2 rounded-md p-1 opacity-80 hover:opacity-100 focus-visible:opacity-100"
          >
            <Icon name="X" aria-hidden="true" className="h-4 w-4" />
          </ToastPrimitive.Close>
        </ToastPrimitive.Root>
      ))}
      <ToastPrimitive.Viewport
        ref={viewport}
        className="fixed top-0 z-[100] flex max-h-screen w-full flex-col-reverse gap-2 p-4 outline-none sm:top-auto sm:right-0 sm:bottom-0 sm:flex-col md:max-w-[420px]"
      />
    </ToastPrimitive.Provider>
  );
}
