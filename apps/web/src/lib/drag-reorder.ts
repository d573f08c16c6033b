// Reordering a list by dragging a row's handle (pointer events: touch, mouse and pen alike), shared by the
// queue (features/player/QueueList.tsx) and a playlist's reorder mode (features/library/ReorderSongs.tsx). The
// dragged row follows the pointer; the rows it passes make room for it; dropping moves it by whole rows.
import { useState, type KeyboardEvent, type PointerEvent as ReactPointerEvent } from "react";

interface Drag {
  pointerId: number;
  from: number;
  startY: number;
  rowHeight: number;
  dy: number;
}

/** A row's height when the page has no layout to measure (rows are at least this high). */
const FALLBACK_ROW_HEIGHT = 56;

/** Where an entry dragged `dy` px lands: whole rows away, kept within `first`..`last`. */
export function dropIndex(from: number, dy: number, rowHeight: number, first: number, last: number): number {
  const rows = rowHeight > 0 ? Math.round(dy / rowHeight) : 0;
  return Math.min(Math.max(from + rows, first), last);
}

/** The step an arrow key on a handle asks for: -1 (up), 1 (down) or 0 (another key). */
export function arrowStep(event: KeyboardEvent): -1 | 0 | 1 {
  return event.key === "ArrowUp" ? -1 : event.key === "ArrowDown" ? 1 : 0;
}

/**
 * Drag state for rows `first`..`last`: `onMove(from, to)` when a drag ends on another place. Spread
 * `handleProps(index)` on each row's handle and draw each row `shiftOf(index)` px from its place.
 */
export function useDragReorder(first: number, last: number, onMove: (from: number, to: number) => void) {
  const [drag, setDrag] = useState<Drag | null>(null);
  const target = drag ? dropIndex(drag.from, drag.dy, drag.rowHeight, first, last) : null;

  const start = (event: ReactPointerEvent<HTMLElement>, index: number) => {
    if (event.pointerType === "mouse" && event.button !== 0) return;
    try {
      event.currentTarget.setPointerCapture?.(event.pointerId);
    } catch {
      // synthetic events have no active pointer
    }
    const row = event.currentTarget.closest("li");
    setDrag({
      pointerId: event.pointerId,
      from: index,
      startY: event.clientY,
      rowHeight: row?.getBoundingClientRect().height || FALLBACK_ROW_HEIGHT,
      dy: 0,
    });
  };
  const follow = (event: ReactPointerEvent<HTMLElement>) => {
    if (!drag || drag.pointerId !== event.pointerId) return;
    setDrag({ ...drag, dy: event.clientY - drag.startY });
  };
  const end = (event: ReactPointerEvent<HTMLElement>, cancelled: boolean) => {
    if (!drag || drag.pointerId !== event.pointerId) return;
    setDrag(null);
    const to = dropIndex(drag.from, event.clientY - drag.startY, drag.rowHeight, first, last);
    if (!cancelled && to !== drag.from) onMove(drag.from, to);
  };

  return {
    /** The row being dragged, if any. */
    draggingIndex: drag?.from ?? null,
    /** How far a row is drawn from its place while another one is dragged over it. */
    shiftOf(index: number): number {
      if (!drag || target === null) return 0;
      if (index === drag.from) return drag.dy;
      if (drag.from < index && index <= target) return -drag.rowHeight;
      if (target <= index && index < drag.from) return drag.rowHeight;
      return 0;
    },
    handleProps: (index: number) => ({
      onPointerDown: (event: ReactPointerEvent<HTMLElement>) => start(event, index),
      onPointerMove: follow,
      onPointerUp: (event: ReactPointerEvent<HTMLElement>) => end(event, false),
      onPointerCancel: (event: ReactPointerEvent<HTMLElement>) => end(event, true),
    }),
  };
}
