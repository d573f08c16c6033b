// The playlist page's reorder mode: each song has a drag handle (pointer events: touch, mouse and pen
// alike), arrow keys on the handle and Move up / Move down buttons for the keyboard and for taps. The new
// order is saved at once with Done, or dropped with Cancel.
import { ActionIcon, Button, Text } from "@mantine/core";
import type { PlaylistDetailDto } from "@purplebeats/contracts/schemas";
import { useRef, useState, type KeyboardEvent, type PointerEvent as ReactPointerEvent } from "react";
import { artistNameOf } from "../../lib/format";
import { showToast } from "../../lib/toast";
import { trpc } from "../../lib/trpc";
import { DragHandleIcon } from "../../player/icons";
import { dropIndex } from "../../player/QueueList";
import { refreshPlaylist } from "./cache";
import { ChevronDownIcon, ChevronUpIcon } from "./icons";
import { toastFailure } from "./premium";
import classes from "./ReorderSongs.module.css";

type Song = PlaylistDetailDto["songs"][number];

interface Drag {
  pointerId: number;
  from: number;
  startY: number;
  rowHeight: number;
  dy: number;
}

/** Where rows are drawn when the page has no layout to measure (a row is at least 56 px high). */
const FALLBACK_ROW_HEIGHT = 56;

/** `list` with the entry at `from` moved to `to`. */
function moved<T>(list: readonly T[], from: number, to: number): T[] {
  const next = [...list];
  const [entry] = next.splice(from, 1);
  next.splice(to, 0, entry!);
  return next;
}

export interface ReorderSongsProps {
  playlist: PlaylistDetailDto;
  /** Leaves the reorder mode (after a save, or on Cancel). */
  onDone: () => void;
}

export default function ReorderSongs({ playlist, onDone }: ReorderSongsProps) {
  const utils = trpc.useUtils();
  const reorder = trpc.myPlaylists.reorder.useMutation();
  const [order, setOrder] = useState<Song[]>(playlist.songs);
  const [drag, setDrag] = useState<Drag | null>(null);
  const listRef = useRef<HTMLOListElement>(null);
  const last = order.length - 1;
  const target = drag ? dropIndex(drag.from, drag.dy, drag.rowHeight, 0, last) : null;

  const move = (from: number, to: number) => {
    if (to < 0 || to > last || to === from) return;
    setOrder((current) => moved(current, from, to));
  };

  /** Moves a song from the keyboard or a Move button, keeping the focus on what was pressed. */
  const moveAndFollow = (from: number, to: number, focus: string) => {
    if (to < 0 || to > last) return;
    const { id } = order[from]!;
    move(from, to);
    requestAnimationFrame(() => {
      const row = listRef.current?.querySelector(`[data-song-id="${CSS.escape(id)}"]`);
      const wanted = row?.querySelector<HTMLButtonElement>(focus);
      // At an end its Move button is disabled: the handle keeps the keyboard instead.
      (wanted && !wanted.disabled
        ? wanted
        : row?.querySelector<HTMLButtonElement>("[data-drag-handle]")
      )?.focus();
    });
  };

  const startDrag = (event: ReactPointerEvent<HTMLButtonElement>, index: number) => {
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
  const moveDrag = (event: ReactPointerEvent<HTMLButtonElement>) => {
    if (!drag || drag.pointerId !== event.pointerId) return;
    setDrag({ ...drag, dy: event.clientY - drag.startY });
  };
  const endDrag = (event: ReactPointerEvent<HTMLButtonElement>, cancelled: boolean) => {
    if (!drag || drag.pointerId !== event.pointerId) return;
    setDrag(null);
    if (!cancelled)
      move(drag.from, dropIndex(drag.from, event.clientY - drag.startY, drag.rowHeight, 0, last));
  };
  const onHandleKey = (event: KeyboardEvent<HTMLButtonElement>, index: number) => {
    const step = event.key === "ArrowUp" ? -1 : event.key === "ArrowDown" ? 1 : 0;
    if (step === 0) return;
    event.preventDefault();
    moveAndFollow(index, index + step, "[data-drag-handle]");
  };

  /** How far a row is drawn from its place while another one is dragged over it. */
  const shiftOf = (index: number): number => {
    if (!drag || target === null) return 0;
    if (index === drag.from) return drag.dy;
    if (drag.from < index && index <= target) return -drag.rowHeight;
    if (target <= index && index < drag.from) return drag.rowHeight;
    return 0;
  };

  const save = async () => {
    const songIds = order.map((song) => song.id);
    if (songIds.every((id, index) => id === playlist.songs[index]?.id)) return onDone();
    try {
      await reorder.mutateAsync({ id: playlist.id, songIds });
    } catch (failure) {
      return toastFailure(failure, "Failed to update playlist", "manageLibrary");
    }
    // The page shows the saved order at once, not the old one until its detail is fetched again.
    utils.playlists.byId.setData({ id: playlist.id }, (before) => before && { ...before, songs: order });
    void refreshPlaylist(utils, playlist.id);
    showToast({ title: "Playlist updated successfully" });
    onDone();
  };

  return (
    <section aria-label="Reorder songs">
      <div className={classes.bar}>
        <Text size="sm" c="dimmed" className={classes.hint}>
          Drag a handle or use the arrows
        </Text>
        <Button variant="default" onClick={onDone} disabled={reorder.isPending}>
          Cancel
        </Button>
        <Button onClick={() => void save()} loading={reorder.isPending}>
          Done
        </Button>
      </div>
      <ol ref={listRef} aria-label={`Songs in ${playlist.name}`} className={classes.list}>
        {order.map((song, index) => (
          <li
            key={song.id}
            data-song-id={song.id}
            data-testid="reorder-row"
            data-dragging={drag?.from === index || undefined}
            className={classes.row}
            style={{ transform: `translateY(${shiftOf(index)}px)` }}
          >
            <ActionIcon
              data-drag-handle
              className={classes.handle}
              variant="subtle"
              color="gray"
              size={44}
              aria-label={`Reorder ${song.title} (arrow keys move it)`}
              aria-keyshortcuts="ArrowUp ArrowDown"
              onPointerDown={(event) => startDrag(event, index)}
              onPointerMove={moveDrag}
              onPointerUp={(event) => endDrag(event, false)}
              onPointerCancel={(event) => endDrag(event, true)}
              onKeyDown={(event) => onHandleKey(event, index)}
            >
              <DragHandleIcon size={20} />
            </ActionIcon>
            <Text size="sm" c="dimmed" className={classes.number}>
              {index + 1}
            </Text>
            <div className={classes.text}>
              <Text size="sm" fw={500} truncate>
                {song.title}
              </Text>
              <Text size="xs" c="dimmed" truncate>
                {artistNameOf(song)}
              </Text>
            </div>
            <ActionIcon
              variant="subtle"
              color="gray"
              size={44}
              className={classes.move}
              aria-label={`Move ${song.title} up`}
              disabled={index === 0}
              onClick={() => moveAndFollow(index, index - 1, "[data-move-up]")}
              data-move-up
            >
              <ChevronUpIcon size={18} />
            </ActionIcon>
            <ActionIcon
              variant="subtle"
              color="gray"
              size={44}
              className={classes.move}
              aria-label={`Move ${song.title} down`}
              disabled={index === last}
              onClick={() => moveAndFollow(index, index + 1, "[data-move-down]")}
              data-move-down
            >
              <ChevronDownIcon size={18} />
            </ActionIcon>
          </li>
        ))}
      </ol>
    </section>
  );
}
