// The queue as a list the listener controls: the song playing, then what they chose ('Next in queue'),
// then what autoplay added ('Next from autoplay'). Upcoming entries reorder by dragging their handle
// (pointer events: touch, mouse and pen alike) or, from the keyboard, by arrow keys on the same handle.
import { ActionIcon, Badge, Group, Text, UnstyledButton } from "@mantine/core";
import { useRef, useState, type KeyboardEvent, type PointerEvent as ReactPointerEvent } from "react";
import { DragHandleIcon, TrashIcon } from "./icons";
import { usePlayer } from "./PlayerProvider";
import type { PlayableSong } from "./types";
import { formatTime } from "./ui-helpers";

interface Drag {
  pointerId: number;
  from: number;
  startY: number;
  rowHeight: number;
  dy: number;
}

/** Where an entry dragged `dy` px lands: whole rows away, kept within the upcoming entries. */
export function dropIndex(from: number, dy: number, rowHeight: number, first: number, last: number): number {
  const rows = rowHeight > 0 ? Math.round(dy / rowHeight) : 0;
  return Math.min(Math.max(from + rows, first), last);
}

export function QueueList() {
  const { state, playFromQueue, removeFromQueue, moveInQueue } = usePlayer();
  const [drag, setDrag] = useState<Drag | null>(null);
  const listRef = useRef<HTMLOListElement>(null);
  const { queue, currentIndex, autoplayFrom } = state;
  if (queue.length === 0) {
    return (
      <Text c="dimmed" size="sm">
        Queue is empty
      </Text>
    );
  }
  const first = currentIndex + 1;
  const last = queue.length - 1;
  const target = drag ? dropIndex(drag.from, drag.dy, drag.rowHeight, first, last) : null;

  const startDrag = (event: ReactPointerEvent<HTMLButtonElement>, index: number) => {
    if (event.pointerType === "mouse" && event.button !== 0) return;
    const row = event.currentTarget.closest("li");
    try {
      event.currentTarget.setPointerCapture?.(event.pointerId);
    } catch {
      // synthetic events have no active pointer
    }
    setDrag({
      pointerId: event.pointerId,
      from: index,
      startY: event.clientY,
      rowHeight: row?.getBoundingClientRect().height || 56,
      dy: 0,
    });
  };
  const moveDrag = (event: ReactPointerEvent<HTMLButtonElement>) => {
    if (!drag || drag.pointerId !== event.pointerId) return;
    setDrag({ ...drag, dy: event.clientY - drag.startY });
  };
  const endDrag = (event: ReactPointerEvent<HTMLButtonElement>, cancelled: boolean) => {
    if (!drag || drag.pointerId !== event.pointerId) return;
    setDrag(null);
    const to = dropIndex(drag.from, event.clientY - drag.startY, drag.rowHeight, first, last);
    if (!cancelled && to !== drag.from) moveInQueue(drag.from, to);
  };
  const onHandleKey = (event: KeyboardEvent<HTMLButtonElement>, index: number) => {
    const step = event.key === "ArrowUp" ? -1 : event.key === "ArrowDown" ? 1 : 0;
    if (step === 0) return;
    event.preventDefault();
    const to = index + step;
    if (to < first || to > last) return;
    moveInQueue(index, to);
    // The handle moves with its entry: keep the keyboard on it.
    requestAnimationFrame(() =>
      listRef.current
        ?.querySelector<HTMLButtonElement>(`[data-queue-index="${to}"] [data-drag-handle]`)
        ?.focus(),
    );
  };

  /** How far an entry is drawn from its place while another one is dragged over it. */
  const shiftOf = (index: number): number => {
    if (!drag || target === null) return 0;
    if (index === drag.from) return drag.dy;
    if (drag.from < index && index <= target) return -drag.rowHeight;
    if (target <= index && index < drag.from) return drag.rowHeight;
    return 0;
  };

  const row = (song: PlayableSong, index: number) => {
    const current = index === currentIndex;
    const upcoming = index > currentIndex;
    const dragging = drag?.from === index;
    return (
      <Group
        component="li"
        key={`${song.id}-${index}`}
        data-queue-index={index}
        data-testid="queue-entry"
        wrap="nowrap"
        gap={4}
        aria-current={current ? "true" : undefined}
        style={{
          borderRadius: 8,
          padding: "2px 4px",
          minHeight: 52,
          background: current ? "rgba(151, 117, 250, 0.18)" : dragging ? "#2a1a45" : "transparent",
          transform: `translateY(${shiftOf(index)}px)`,
          transition: dragging ? "none" : "transform 120ms ease",
          position: "relative",
          zIndex: dragging ? 1 : 0,
        }}
      >
        {upcoming && (
          <ActionIcon
            data-drag-handle
            variant="subtle"
            color="gray"
            size={44}
            aria-label={`Reorder ${song.title} (arrow keys move it)`}
            aria-keyshortcuts="ArrowUp ArrowDown"
            style={{ touchAction: "none", cursor: dragging ? "grabbing" : "grab" }}
            onPointerDown={(event) => startDrag(event, index)}
            onPointerMove={moveDrag}
            onPointerUp={(event) => endDrag(event, false)}
            onPointerCancel={(event) => endDrag(event, true)}
            onKeyDown={(event) => onHandleKey(event, index)}
          >
            <DragHandleIcon size={20} />
          </ActionIcon>
        )}
        <UnstyledButton
          onClick={() => playFromQueue(index)}
          aria-label={`Play ${song.title}`}
          style={{ flex: 1, minWidth: 0, minHeight: 44, paddingLeft: upcoming ? 0 : 8 }}
        >
          <Text size="sm" fw={current ? 700 : 500} c={current ? "purple.3" : "white"} truncate>
            {song.title}
          </Text>
          <Text size="xs" c="dimmed" truncate>
            {song.artist?.name ?? "Unknown Artist"} • {formatTime(song.duration)}
          </Text>
        </UnstyledButton>
        {current ? (
          <Badge color="purple" variant="light" size="sm">
            Now playing
          </Badge>
        ) : (
          index >= autoplayFrom && (
            <Badge color="gray" variant="light" size="sm" title="Added by autoplay">
              Autoplay
            </Badge>
          )
        )}
        <ActionIcon
          variant="subtle"
          color="gray"
          size={44}
          onClick={() => removeFromQueue(index)}
          aria-label={`Remove ${song.title} from queue`}
        >
          <TrashIcon size={18} />
        </ActionIcon>
      </Group>
    );
  };

  const upcomingChosen = Math.max(0, autoplayFrom - first);
  const upcomingAutoplay = queue.length - Math.max(autoplayFrom, first);
  return (
    <>
      <ol
        ref={listRef}
        aria-label="Queue"
        style={{ listStyle: "none", margin: 0, padding: 0, display: "grid", gap: 2 }}
      >
        {queue.map(row)}
      </ol>
      <Text size="xs" c="dimmed" mt={4} data-testid="queue-summary">
        Next in queue: {upcomingChosen} · Next from autoplay: {upcomingAutoplay}
      </Text>
    </>
  );
}
