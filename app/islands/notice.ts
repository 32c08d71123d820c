// A notice's refinements (docs/decisions/058, 062): paused while the pointer
// or the focus is on it, and swiped away to the right, as Radix's notices
// are. The page script loads this module when a notice first shows; until
// it comes, or if it never does, the notice still shows, closes after 5 s,
// by its button or by Escape.

/** How far to the right a notice is dragged to dismiss it. */
const SWIPE = 50;

export interface NoticeTimer {
  pause(): void;
  resume(): void;
}

export default function notice(
  item: HTMLElement,
  timer: NoticeTimer,
  close: (item: HTMLElement) => void,
): void {
  item.onpointerenter = item.onfocus = timer.pause;
  item.onpointerleave = timer.resume;
  let from = -1;
  item.onpointerdown = (event) => {
    from = event.clientX;
  };
  item.onpointermove = (event) => {
    if (from < 0) return;
    const moved = Math.max(0, event.clientX - from);
    item.style.transform = `translateX(${moved}px)`;
    if (moved > SWIPE) {
      from = -1;
      item.dataset.swipe = "end";
      close(item);
    }
  };
  item.onpointerup = item.onpointercancel = () => {
    from = -1;
    item.style.transform = "";
  };
}
