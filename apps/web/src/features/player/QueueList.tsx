// The queue as a list the listener controls: the song playing, then what they chose ('Next in queue'),
// then what autoplay added ('Next from autoplay'). Upcoming entries reorder by dragging their handle
// (pointer events: touch, mouse and pen alike) or, from the keyboard, by arrow keys on the same handle.
import { Badge, Group, Text, UnstyledButton, VisuallyHidden } from "@mantine/core";
import { ActionIcon } from "../../ui/ActionIcon";
import { useRef, type KeyboardEvent } from "react";
import { arrowStep, useDragReorder } from "../../lib/drag-reorder";
import { dirOf, useLocale } from "../../i18n";
import { DragHandleIcon, TrashIcon } from "./icons";
import { usePlayer } from "./PlayerProvider";
import { useClock } from "./parts";
import { NAME_LINE } from "./song-links";
import type { PlayableSong } from "./types";
import { artistName } from "./ui-helpers";

/** Where an entry dragged `dy` px lands (the shared rule, lib/drag-reorder.ts). */
export { dropIndex } from "../../lib/drag-reorder";

export function QueueList() {
  const { locale, t } = useLocale();
  const clock = useClock();
  const { state, playFromQueue, removeFromQueue, moveInQueue } = usePlayer();
  const listRef = useRef<HTMLOListElement>(null);
  const { queue, currentIndex, autoplayFrom } = state;
  const first = currentIndex + 1;
  const last = queue.length - 1;
  // Only upcoming entries move: the song playing and those before it stay.
  const drag = useDragReorder(first, last, moveInQueue);
  if (queue.length === 0) {
    return (
      <Text c="dimmed" size="sm">
        {t("queue.empty")}
      </Text>
    );
  }
  const onHandleKey = (event: KeyboardEvent<HTMLButtonElement>, index: number) => {
    const step = arrowStep(event);
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

  const row = (song: PlayableSong, index: number) => {
    const current = index === currentIndex;
    const upcoming = index > currentIndex;
    const dragging = drag.draggingIndex === index;
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
          transform: `translateY(${drag.shiftOf(index)}px)`,
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
            aria-label={t("queue.reorder", { title: song.title })}
            aria-keyshortcuts="ArrowUp ArrowDown"
            style={{ touchAction: "none", cursor: dragging ? "grabbing" : "grab" }}
            {...drag.handleProps(index)}
            onKeyDown={(event) => onHandleKey(event, index)}
          >
            <DragHandleIcon size={20} />
          </ActionIcon>
        )}
        {/* Named by what it shows ('Play' + title, artist and length): a name without the visible text would
            not match what voice control users say (axe: label-content-name-mismatch). */}
        <UnstyledButton
          onClick={() => playFromQueue(index)}
          data-queue-play
          style={{ flex: 1, minWidth: 0, minHeight: 44, paddingInlineStart: upcoming ? 0 : 8 }}
        >
          {/* The spoken 'Play' is the page's language, its direction said so that the line's follows the title. */}
          <Text size="sm" fw={current ? 700 : 500} c={current ? "purple.3" : "white"} truncate {...NAME_LINE}>
            <VisuallyHidden dir={dirOf(locale)}>{t("player.play")} </VisuallyHidden>
            {song.title}
          </Text>
          <Text size="xs" c="dimmed" truncate {...NAME_LINE}>
            {artistName(song, t)} • {clock(song.duration)}
          </Text>
        </UnstyledButton>
        {current ? (
          <Badge color="purple" variant="light" size="sm">
            {t("queue.nowPlaying")}
          </Badge>
        ) : (
          index >= autoplayFrom && (
            <Badge color="gray" variant="light" size="sm" title={t("queue.addedByAutoplay")}>
              {t("queue.autoplay")}
            </Badge>
          )
        )}
        <ActionIcon
          variant="subtle"
          color="gray"
          size={44}
          onClick={() => removeFromQueue(index)}
          aria-label={t("queue.remove", { title: song.title })}
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
        aria-label={t("queue.title")}
        style={{ listStyle: "none", margin: 0, padding: 0, display: "grid", gap: 2 }}
      >
        {queue.map(row)}
      </ol>
      <Text size="xs" c="dimmed" mt={4} data-testid="queue-summary">
        {t("queue.summary", { chosen: upcomingChosen, autoplay: upcomingAutoplay })}
      </Text>
    </>
  );
}
