// The playlist page's reorder mode: each song has a drag handle (pointer events: touch, mouse and pen
// alike), arrow keys on the handle and Move up / Move down buttons for the keyboard and for taps. The new
// order is saved at once with Done, or dropped with Cancel.
import { Button, Text } from "@mantine/core";
import { ActionIcon } from "../../ui/ActionIcon";
import type { PlaylistDetailDto } from "@purplebeats/contracts/schemas";
import { useRef, useState, type KeyboardEvent } from "react";
import { arrowStep, useDragReorder } from "../../lib/drag-reorder";
import { artistNameOf } from "../../lib/format";
import { showToast } from "../../lib/toast";
import { trpc } from "../../lib/trpc";
import { DragHandleIcon } from "../player";
import { refreshPlaylist } from "./cache";
import { ChevronDownIcon, ChevronUpIcon } from "./icons";
import { toastFailure } from "./premium";
import classes from "./ReorderSongs.module.css";
import { useT } from "../../i18n";

type Song = PlaylistDetailDto["songs"][number];

/** `list` with the entry at `from` moved to `to`. */
function moved<T>(list: readonly T[], from: number, to: number): T[] {
  const next = [...list];
  const [entry] = next.splice(from, 1);
  if (entry === undefined) return next;
  next.splice(to, 0, entry);
  return next;
}

export interface ReorderSongsProps {
  playlist: PlaylistDetailDto;
  /** Leaves the reorder mode (after a save, or on Cancel). */
  onDone: () => void;
}

export default function ReorderSongs({ playlist, onDone }: ReorderSongsProps) {
  const t = useT();
  const utils = trpc.useUtils();
  const reorder = trpc.myPlaylists.reorder.useMutation();
  const [order, setOrder] = useState<Song[]>(playlist.songs);
  const listRef = useRef<HTMLOListElement>(null);
  const last = order.length - 1;

  const move = (from: number, to: number) => {
    if (to < 0 || to > last || to === from) return;
    setOrder((current) => moved(current, from, to));
  };

  const drag = useDragReorder(0, last, move);

  /** Moves a song from the keyboard or a Move button, keeping the focus on what was pressed. */
  const moveAndFollow = (from: number, to: number, focus: string) => {
    if (to < 0 || to > last) return;
    const song = order[from];
    if (!song) return;
    const { id } = song;
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

  const onHandleKey = (event: KeyboardEvent<HTMLButtonElement>, index: number) => {
    const step = arrowStep(event);
    if (step === 0) return;
    event.preventDefault();
    moveAndFollow(index, index + step, "[data-drag-handle]");
  };

  const save = async () => {
    const songIds = order.map((song) => song.id);
    if (songIds.every((id, index) => id === playlist.songs[index]?.id)) return onDone();
    try {
      await reorder.mutateAsync({ id: playlist.id, songIds });
    } catch (failure) {
      return toastFailure(failure, t("error.updatePlaylist"), "manageLibrary");
    }
    // The page shows the saved order at once, not the old one until its detail is fetched again.
    utils.playlists.byId.setData({ id: playlist.id }, (before) => before && { ...before, songs: order });
    void refreshPlaylist(utils, playlist.id);
    showToast({ title: t("playlist.updated") });
    onDone();
  };

  return (
    <section aria-label={t("playlist.reorderSongs")}>
      <div className={classes.bar}>
        <Text size="sm" c="dimmed" className={classes.hint}>
          {t("playlist.reorderHint")}
        </Text>
        <Button variant="default" onClick={onDone} disabled={reorder.isPending}>
          {t("dialog.cancel")}
        </Button>
        <Button onClick={() => void save()} loading={reorder.isPending}>
          {t("dialog.done")}
        </Button>
      </div>
      <ol ref={listRef} aria-label={t("playlist.songsIn", { name: playlist.name })} className={classes.list}>
        {order.map((song, index) => (
          <li
            key={song.id}
            data-song-id={song.id}
            data-testid="reorder-row"
            data-dragging={drag.draggingIndex === index || undefined}
            className={classes.row}
            style={{ transform: `translateY(${drag.shiftOf(index)}px)` }}
          >
            <ActionIcon
              data-drag-handle
              className={classes.handle}
              variant="subtle"
              color="gray"
              size={44}
              aria-label={t("playlist.reorderSong", { title: song.title })}
              aria-keyshortcuts="ArrowUp ArrowDown"
              {...drag.handleProps(index)}
              onKeyDown={(event) => onHandleKey(event, index)}
            >
              <DragHandleIcon size={20} />
            </ActionIcon>
            <Text size="sm" c="dimmed" className={classes.number}>
              {index + 1}
            </Text>
            <div className={classes.text}>
              <Text size="sm" fw={500} truncate dir="auto">
                {song.title}
              </Text>
              <Text size="xs" c="dimmed" truncate dir="auto">
                {artistNameOf(song, t)}
              </Text>
            </div>
            <ActionIcon
              variant="subtle"
              color="gray"
              size={44}
              className={classes.move}
              aria-label={t("playlist.moveUp", { title: song.title })}
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
              aria-label={t("playlist.moveDown", { title: song.title })}
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
