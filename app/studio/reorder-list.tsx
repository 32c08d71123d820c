// A list the owner reorders by dragging a row, or from the keyboard: focus a
// row's "Reorder" handle, Space to pick it up, arrows to move it, Space to
// drop it (Escape puts it back). Both only exist once the page has hydrated;
// the rows' plain "Move up / Move down" forms work without JavaScript.
import { useId, useLayoutEffect, useRef, useState } from "react";
import type { KeyboardEvent, ReactNode } from "react";

import { useHydrated } from "~/lib/hydrated";

interface Orderable {
  id: string;
  title: string;
}

interface ReorderListProps<T extends Orderable> {
  items: ReadonlyArray<T>;
  /** The new order of every row, and the row that moved. */
  onReorder: (ids: string[], moved: string) => void;
  renderItem: (item: T, index: number, handle: ReactNode) => ReactNode;
  className?: string;
  itemClassName?: string;
}

function moved(order: ReadonlyArray<string>, id: string, to: number) {
  const next = order.filter((other) => other !== id);
  next.splice(to, 0, id);
  return next;
}

export function ReorderList<T extends Orderable>({
  items,
  onReorder,
  renderItem,
  className,
  itemClassName,
}: ReorderListProps<T>) {
  const hydrated = useHydrated();
  const instructionsId = useId();
  const serverOrder = items.map((item) => item.id);
  const serverKey = serverOrder.join(",");
  const [order, setOrder] = useState(serverOrder);
  const [seenKey, setSeenKey] = useState(serverKey);
  const [grabbed, setGrabbed] = useState<string | null>(null);
  const [dragging, setDragging] = useState<string | null>(null);
  const [announcement, setAnnouncement] = useState("");
  const handles = useRef(new Map<string, HTMLButtonElement>());

  // A new list from the server (after a save) replaces the local order.
  if (seenKey !== serverKey) {
    setSeenKey(serverKey);
    setOrder(serverOrder);
    setGrabbed(null);
  }

  // Moving a row moves its element: keep the focus on its handle.
  useLayoutEffect(() => {
    if (grabbed) handles.current.get(grabbed)?.focus();
  }, [grabbed, order]);

  const byId = new Map(items.map((item) => [item.id, item]));
  const ordered = order.flatMap((id) => {
    const item = byId.get(id);
    return item ? [item] : [];
  });

  function titleOf(id: string) {
    return byId.get(id)?.title ?? "";
  }

  function commit(id: string, next: ReadonlyArray<string>) {
    if (next.join(",") !== serverKey) onReorder([...next], id);
  }

  function onHandleKey(event: KeyboardEvent<HTMLButtonElement>, id: string) {
    const position = order.indexOf(id);
    if (event.key === " " || event.key === "Enter") {
      event.preventDefault();
      if (grabbed === id) {
        setGrabbed(null);
        setAnnouncement(
          `${titleOf(id)} dropped at position ${position + 1} of ${order.length}.`,
        );
        commit(id, order);
      } else {
        setGrabbed(id);
        setAnnouncement(
          `${titleOf(id)} picked up at position ${position + 1} of ${order.length}. Arrow keys move it, Space drops it, Escape cancels.`,
        );
      }
      return;
    }
    if (grabbed !== id) return;
    if (event.key === "ArrowUp" || event.key === "ArrowDown") {
      event.preventDefault();
      const to = position + (event.key === "ArrowUp" ? -1 : 1);
      if (to < 0 || to >= order.length) return;
      setOrder(moved(order, id, to));
      setAnnouncement(`${titleOf(id)}: position ${to + 1} of ${order.length}.`);
    } else if (event.key === "Escape") {
      event.preventDefault();
      setOrder(serverOrder);
      setGrabbed(null);
      setAnnouncement(`${titleOf(id)} put back where it was.`);
    }
  }

  return (
    <>
      <p id={instructionsId} className="sr-only">
        Press Space to pick this entry up, the arrow keys to move it, Space to
        drop it, Escape to cancel.
      </p>
      <p role="status" aria-live="assertive" className="sr-only">
        {announcement}
      </p>
      <ol className={className}>
        {ordered.map((item, index) => {
          const handle = hydrated ? (
            <button
              type="button"
              ref={(element) => {
                if (element) handles.current.set(item.id, element);
                else handles.current.delete(item.id);
              }}
              aria-describedby={instructionsId}
              aria-pressed={grabbed === item.id}
              onKeyDown={(event) => onHandleKey(event, item.id)}
              className="cursor-grab rounded-md border border-white/15 px-2 py-1 text-xs font-semibold text-slate-200 hover:border-white/40 aria-pressed:border-emerald-400 aria-pressed:text-emerald-200"
            >
              Reorder<span className="sr-only"> {item.title}</span>
            </button>
          ) : null;
          return (
            <li
              key={item.id}
              draggable={hydrated}
              onDragStart={(event) => {
                setDragging(item.id);
                event.dataTransfer.effectAllowed = "move";
                event.dataTransfer.setData("text/plain", item.id);
              }}
              onDragOver={(event) => {
                if (!dragging) return;
                event.preventDefault();
                if (dragging !== item.id) {
                  setOrder(moved(order, dragging, order.indexOf(item.id)));
                }
              }}
              onDrop={(event) => event.preventDefault()}
              onDragEnd={() => {
                if (dragging) commit(dragging, order);
                setDragging(null);
              }}
              className={`${itemClassName ?? ""} ${dragging === item.id ? "opacity-60" : ""} ${grabbed === item.id ? "ring-2 ring-emerald-400" : ""}`}
            >
              {renderItem(item, index, handle)}
            </li>
          );
        })}
      </ol>
    </>
  );
}
