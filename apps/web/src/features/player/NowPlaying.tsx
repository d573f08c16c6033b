// Now Playing: the full-screen player opened from the mini player (tap it; Back or the chevron closes it).
// Large cover, title and artist linking to the album and artist pages, the heart, a seek bar with a large
// touch target, the controls, shuffle and repeat, volume, the sleep timer, share, the lyrics, the queue, and
// the listening settings (quality, normalisation) behind the settings button.
import "./styles";
import "@mantine/core/styles/Modal.css";
import { Box, Button, Group, Menu, Modal, Slider, Stack, Text, Title } from "@mantine/core";
import { ActionIcon } from "../../ui/ActionIcon";
import { Suspense, useContext, useEffect, useRef, useState } from "react";
import { shareSong } from "../../lib/share";
import { useT } from "../../i18n";
import {
  ChevronDownIcon,
  NextIcon,
  PauseIcon,
  PlayIcon,
  PreviousIcon,
  RepeatIcon,
  RepeatOneIcon,
  SettingsIcon,
  ShareIcon,
  ShuffleIcon,
  TimerIcon,
} from "./icons";
import { ListeningSettings } from "./ListeningSettings";
import { LyricsPanel } from "./LyricsPanel";
import { MuteButton, PlayerCover, useSeekBar } from "./parts";
import { NowPlayingPartsContext } from "./now-playing-parts";
import { usePlayer } from "./PlayerProvider";
import { QueueList } from "./QueueList";
import { REPEAT_MODES } from "./reducer";
import { SLEEP_TIMER_MINUTES } from "./sleep-timer";
import type { PlayableSong, RepeatMode } from "./types";
import { LinkedName, MessageNaming, NAME_LINE, albumPathOf, artistPathOf } from "./song-links";
import { artistName, verticalFlick } from "./ui-helpers";

/** The cover's width for the choice of its picture (<img sizes> takes no %): the screen's, up to 340 px. */
const COVER_SIZES = "min(100vw, 340px)";

export interface NowPlayingProps {
  onClose(): void;
}

export function NowPlaying({ onClose }: NowPlayingProps) {
  const t = useT();
  const player = usePlayer();
  const parts = useContext(NowPlayingPartsContext);
  const { state } = player;
  const song = state.currentSong;
  const { duration, position, sliderProps, clock } = useSeekBar();
  const closeRef = useRef<HTMLButtonElement>(null);
  const [settingsOpen, setSettingsOpen] = useState(false);
  const settingsOpenRef = useRef(settingsOpen);
  settingsOpenRef.current = settingsOpen;

  useEffect(() => {
    closeRef.current?.focus();
    const onKey = (event: KeyboardEvent) => {
      // Escape in the settings dialog closes the dialog only.
      if (event.key === "Escape" && !settingsOpenRef.current) onClose();
    };
    window.addEventListener("keydown", onKey);
    const overflow = document.body.style.overflow;
    document.body.style.overflow = "hidden"; // the screen behind does not scroll under the view
    return () => {
      window.removeEventListener("keydown", onKey);
      document.body.style.overflow = overflow;
    };
  }, [onClose]);

  // A flick down closes the view, as on a phone's native player (the chevron does too), when the view is
  // scrolled to its top: further down, the same move scrolls the queue and lyrics back up.
  const flickStart = useRef<{ x: number; y: number; at: number } | null>(null);
  const onTouchStart = (event: React.TouchEvent<HTMLDivElement>) => {
    const touch = event.touches[0];
    flickStart.current =
      touch && event.touches.length === 1 && event.currentTarget.scrollTop <= 0
        ? { x: touch.clientX, y: touch.clientY, at: event.timeStamp }
        : null;
  };
  const onTouchEnd = (event: React.TouchEvent<HTMLDivElement>) => {
    const start = flickStart.current;
    const touch = event.changedTouches[0];
    flickStart.current = null;
    if (!start || !touch) return;
    const flick = verticalFlick(touch.clientX - start.x, touch.clientY - start.y, event.timeStamp - start.at);
    if (flick === "down") onClose();
  };

  if (!song) return null;
  const artist = artistName(song, t);
  const cover = song.imageUrl ?? song.album?.imageUrl ?? null;
  const albumCover = albumCoverShown(song, cover);
  const nextRepeat = REPEAT_MODES[
    (REPEAT_MODES.indexOf(state.repeat) + 1) % REPEAT_MODES.length
  ] as RepeatMode;
  const repeatLabel = t("nowPlaying.repeat", { mode: state.repeat });
  const timer = player.sleepTimer;
  const timerLabel = timer.endOfSong
    ? t("nowPlaying.sleepTimerEndOfSong")
    : timer.endsAt
      ? t("nowPlaying.sleepTimerOn")
      : t("nowPlaying.sleepTimer");

  return (
    <Box
      role="dialog"
      aria-modal="true"
      aria-label={t("nowPlaying.title")}
      data-testid="now-playing"
      onTouchStart={onTouchStart}
      onTouchEnd={onTouchEnd}
      style={{
        position: "fixed",
        inset: 0,
        zIndex: 250, // above the mini player (150) and modals (200), below menus (300) and toasts (400)
        overflowY: "auto",
        color: "white",
        background: "linear-gradient(180deg, #3b1d66 0%, #140b22 55%)",
        padding: "max(8px, env(safe-area-inset-top)) 16px calc(24px + env(safe-area-inset-bottom))",
      }}
    >
      <Box maw={480} mx="auto">
        <Group justify="space-between" wrap="nowrap">
          <ActionIcon
            ref={closeRef}
            size={44}
            color="gray.3"
            onClick={onClose}
            aria-label={t("nowPlaying.close")}
          >
            <ChevronDownIcon size={28} />
          </ActionIcon>
          <Text size="xs" tt="uppercase" fw={700} c="gray.4">
            {t("nowPlaying.title")}
          </Text>
          <Group gap={0} wrap="nowrap">
            <ActionIcon
              size={44}
              color="gray.3"
              aria-label={t("listening.title")}
              onClick={() => setSettingsOpen(true)}
            >
              <SettingsIcon size={22} />
            </ActionIcon>
            <ActionIcon
              size={44}
              color="gray.3"
              aria-label={t("nowPlaying.share", { title: song.title })}
              onClick={() => shareSong(song)}
            >
              <ShareIcon size={22} />
            </ActionIcon>
            <Suspense fallback={<Box w={44} />}>{parts && <parts.SongMenu song={song} />}</Suspense>
          </Group>
        </Group>
        <Modal
          opened={settingsOpen}
          onClose={() => setSettingsOpen(false)}
          zIndex={300} // above Now Playing (250)
          centered
          radius="lg"
          title={t("listening.title")}
          closeButtonProps={{ "aria-label": t("nowPlaying.closeSettings") }}
        >
          <ListeningSettings withHeading={false} />
        </Modal>

        <Box my="md" mx="auto" style={{ width: "min(100%, 340px)", aspectRatio: "1 / 1" }}>
          <PlayerCover
            src={cover}
            alt={
              albumCover
                ? t("nowPlaying.albumCoverOf", { album: albumCover })
                : t("nowPlaying.coverOf", { title: song.title })
            }
            radius={12}
            noteSize={96}
            sizes={COVER_SIZES}
          />
        </Box>
        {/* The album's artwork is lettered with the album's name, not the song's (DESIGN.md, "Artwork"). */}
        {albumCover && (
          <Text
            size="xs"
            c="gray.4"
            ta="center"
            mt={-8}
            mb="sm"
            truncate
            data-testid="now-playing-cover-caption"
          >
            <MessageNaming message="nowPlaying.albumCover" placeholder="album" name={albumCover} />
          </Text>
        )}

        <Group wrap="nowrap" align="center" gap="xs">
          <Box style={{ flex: 1, minWidth: 0 }}>
            <Title order={2} size="h3" lineClamp={2} data-testid="now-playing-title" {...NAME_LINE}>
              <LinkedName to={albumPathOf(song)} replace color="white">
                {song.title}
              </LinkedName>
            </Title>
            <Text c="gray.4" truncate {...NAME_LINE}>
              <LinkedName to={artistPathOf(song)} replace color="gray.4">
                {artist}
              </LinkedName>
            </Text>
          </Box>
          <Suspense fallback={<Box w={44} />}>{parts && <parts.LikeSongButton song={song} />}</Suspense>
        </Group>

        <Box mt="sm">
          <Slider
            {...sliderProps}
            size="md"
            thumbSize={22}
            label={null}
            // The bar is thin, the place to touch it is not: 44 px tall.
            styles={{ root: { paddingBlock: 18, boxSizing: "content-box" } }}
          />
          <Group justify="space-between" style={{ fontVariantNumeric: "tabular-nums" }}>
            <Text size="xs" c="gray.4" aria-label={t("nowPlaying.elapsed")}>
              {clock(position)}
            </Text>
            {/* Left to right in Arabic too: the minus stays before the figures it counts down. */}
            <Text size="xs" c="gray.4" aria-label={t("nowPlaying.remaining")} dir="ltr">
              -{clock(Math.max(0, duration - position))}
            </Text>
          </Group>
        </Box>

        <Group justify="space-between" wrap="nowrap" mt="xs">
          <ActionIcon
            size={48}
            color={state.shuffle ? "purple.3" : "gray.4"}
            aria-label={t("nowPlaying.shuffle")}
            aria-pressed={state.shuffle}
            onClick={() => player.setShuffle(!state.shuffle)}
          >
            <ShuffleIcon size={22} />
          </ActionIcon>
          <ActionIcon size={56} color="gray.1" onClick={player.previous} aria-label={t("player.previous")}>
            <PreviousIcon size={30} />
          </ActionIcon>
          <ActionIcon
            size={72}
            variant="filled"
            color="purple"
            radius="xl"
            onClick={state.isPlaying ? player.pause : player.resume}
            aria-label={state.isPlaying ? t("player.pause") : t("player.play")}
          >
            {state.isPlaying ? <PauseIcon size={34} /> : <PlayIcon size={34} />}
          </ActionIcon>
          <ActionIcon size={56} color="gray.1" onClick={player.next} aria-label={t("player.next")}>
            <NextIcon size={30} />
          </ActionIcon>
          <ActionIcon
            size={48}
            color={state.repeat === "off" ? "gray.4" : "purple.3"}
            aria-label={repeatLabel}
            title={t("nowPlaying.repeatHint", { label: repeatLabel, next: nextRepeat })}
            onClick={() => player.setRepeat(nextRepeat)}
            data-repeat={state.repeat}
          >
            {state.repeat === "one" ? <RepeatOneIcon size={22} /> : <RepeatIcon size={22} />}
          </ActionIcon>
        </Group>

        <Group wrap="nowrap" gap="xs" mt="sm">
          <MuteButton iconSize={20} />
          <Slider
            style={{ flex: 1 }}
            color="purple"
            size="sm"
            min={0}
            max={100}
            value={state.volume}
            onChange={player.setVolume}
            label={null}
            thumbLabel={t("nowPlaying.volume")}
            styles={{ root: { paddingBlock: 16, boxSizing: "content-box" } }}
          />
          <Menu position="top-end" shadow="md" width={220}>
            <Menu.Target>
              <ActionIcon
                size={44}
                color={timer.endOfSong || timer.endsAt ? "purple.3" : "gray.4"}
                aria-label={timerLabel}
                data-testid="sleep-timer"
              >
                <TimerIcon size={20} />
              </ActionIcon>
            </Menu.Target>
            <Menu.Dropdown>
              <Menu.Label>{t("nowPlaying.sleepTimer")}</Menu.Label>
              {SLEEP_TIMER_MINUTES.map((minutes) => (
                <Menu.Item key={minutes} onClick={() => player.setSleepTimer(minutes)} mih={44}>
                  {t("nowPlaying.sleepMinutes", { minutes })}
                </Menu.Item>
              ))}
              <Menu.Item onClick={() => player.setSleepTimer("end-of-song")} mih={44}>
                {t("nowPlaying.endOfSong")}
              </Menu.Item>
              {(timer.endOfSong || timer.endsAt) && (
                <Menu.Item onClick={() => player.setSleepTimer(null)} mih={44}>
                  {t("nowPlaying.turnOffTimer")}
                </Menu.Item>
              )}
            </Menu.Dropdown>
          </Menu>
        </Group>

        <LyricsPanel songId={song.id} />

        <Stack gap="xs" mt="lg" component="section" aria-label={t("nowPlaying.queueSection")}>
          <Group justify="space-between" wrap="nowrap">
            <Title order={3} size="h4">
              {t("queue.title")}
            </Title>
            <Group gap={4} wrap="nowrap">
              <Suspense fallback={null}>{parts && <parts.SaveQueueButton songs={state.queue} />}</Suspense>
              <Button
                size="compact-md"
                variant="subtle"
                color="gray"
                mih={44}
                onClick={player.clearQueue}
                disabled={state.currentIndex + 1 >= state.queue.length}
              >
                {t("queue.clear")}
              </Button>
            </Group>
          </Group>
          <QueueList />
        </Stack>
      </Box>
    </Box>
  );
}

/**
 * The album's title when the picture shown is its album's cover (a song without artwork of its own, or with
 * the album's), else null: the screen then says whose cover it is.
 */
export function albumCoverShown(
  song: Pick<PlayableSong, "imageUrl" | "album">,
  cover: string | null,
): string | null {
  const album = song.album;
  if (!cover || !album?.title || cover !== album.imageUrl) return null;
  return album.title;
}
