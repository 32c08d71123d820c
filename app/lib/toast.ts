// The one notice queue: one notice at a time, a new one replaces
// the old. A tiny external store so any module can raise a notice.
import { useSyncExternalStore } from "react";

export const TOAST_DURATION_MS = 5000;
export const TOAST_SWIPE_THRESHOLD_PX = 50;

export type ToastVariant = "default" | "destructive";

export interface ToastInput {
  title: string;
  description?: string;
  variant?: ToastVariant;
  /** Milliseconds; Infinity keeps the notice until it is dismissed. */
  duration?: number;
}

export interface ToastNotice extends ToastInput {
  id: string;
  open: boolean;
}

/**
 * The server's notices and the browser's first ones are the same array: were
 * they two empty arrays, React would see the store changed during hydration
 * and render every notice area again at once, in a task that cannot yield.
 */
const noNotices: ReadonlyArray<ToastNotice> = [];
let notices = noNotices;
let counter = 0;
const listeners = new Set<() => void>();

function emit(next: ReadonlyArray<ToastNotice>) {
  notices = next;
  for (const listener of listeners) listener();
}

/** Shows a notice, replacing whatever notice is showing. */
export function toast(input: ToastInput): string {
  counter += 1;
  const id = `toast-${counter}`;
  emit([{ ...input, id, open: true }]);
  return id;
}

export function dismissToast(id: string) {
  emit(
    notices.map((notice) =>
      notice.id === id ? { ...notice, open: false } : notice,
    ),
  );
}

export function removeToast(id: string) {
  emit(notices.filter((notice) => notice.id !== id));
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The queue as the browser's React reads it. */
export const browserNotices = () => notices;
/** The queue as the server renders it: none. */
export const serverNotices = () => noNotices;

export function useToasts(): ReadonlyArray<ToastNotice> {
  return useSyncExternalStore(subscribe, browserNotices, serverNotices);
}

export const notImplementedToast = {
  title: "Feature Not Implemented",
  description:
    "This feature isn't implemented yet—but don't worry! You can request it in your next prompt!",
  variant: "destructive",
} as const satisfies ToastInput;
