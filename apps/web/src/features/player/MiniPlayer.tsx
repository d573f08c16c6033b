// The draggable mini player (SPEC.md section 2 "Mini player"): hidden until a song is current.
import "./styles";
import { Button, Slider } from "@mantine/core";
import {
  memo,
  Suspense,
  useCallback,
  useEffect,
  useImperativeHandle,
  useRef,
  useState,
  type PointerEvent as ReactPointerEvent,
  type Ref,
} from "react";
import { useLocation } from "react-router-dom";
import { useRouterHistory } from "../../ui/screen-link";
import { dirOf, useLocale, useT } from "../../i18n";
import { CloseIcon, NextIcon, PauseIcon, PlayIcon, PreviousIcon, QueueIcon } from "./icons";
import { RoundIconButton } from "../../ui/RoundIconButton";
import { ChunkUnavailable } from "../../ui/chunks/ChunkUnavailable";
import { lazyChunk } from "../../lib/chunk-loading";
import { MuteButton, PlayerCover, useSeekBar } from "./parts";
import { usePlayerFields } from "./player-fields";
import { usePlayerControls } from "./PlayerProvider";
import { usePublishPlayerRoom } from "./player-room";
import { SongLinks } from "./song-links";
import classes from "./MiniPlayer.module.css";
import { clampPlayerTop, swipeCommand, verticalFlick } from "./ui-helpers";

// The queue drawer loads when first opened: the drawer and its focus trap and scroll lock stay off the first screen.
// Opened offline before their code came, they say so over the screen (and open when the network returns).
const QueueView = lazyChunk(() => import("./QueueView").then((module) => ({ default: module.QueueView })), {
  failed: ({ opened, onClose }) =>
    opened && <ChunkUnavailable variant="overlay" what="queue" onClose={onClose} />,
});
const NowPlaying = lazyChunk(
  () => import("./NowPlaying").then((module) => ({ default: module.NowPlaying })),
  {
    failed: ({ onClose }) => <ChunkUnavailable variant="overlay" what="nowPlaying" onClose={onClose} />,
  },
);

/** Now Playing is open while the address ends in #now-playing: Back closes it, as on a phone's native player. */
export const NOW_PLAYING_HASH = "#now-playing";

/** Default resting place: above the bottom navigation. */
export const MINI_PLAYER_BOTTOM_OFFSET = 64;

/** The cover's width (MiniPlayer.module.css .cover). */
const COVER_SIZES = "44px";

/** Movement (px) before a press becomes a drag or a swipe rather than a tap. */
const GESTURE_SLOP = 8;

interface Gesture {
  pointerId: number;
  startX: number;
  startY: number;
  startTop: number;
  /** Where the player rested before (null: docked), to go back to after a flick. */
  restingTop: number | null;
  startedAt: number;
  axis: "x" | "y" | null;
  /** Pressed on a button or a link: a press that stays put is that control's tap, not the player's. */
  onControl: boolean;
}

/** Controls a press on which is theirs alone, moving or not: the seek bar follows the finger itself. */
const OWN_GESTURES = 'input, [role="slider"], .mantine-Slider-root';
/** Controls a press on which is a tap when it stays put, and a swipe or a drag of the player when it moves. */
const CONTROLS = 'button, a, [role="button"]';

export function MiniPlayer() {
  const player = usePlayerControls();
  const { locale, t } = useLocale();
  // The song's time (four times a second while it plays) re-renders the progress row alone.
  const state = usePlayerFields((p) => ({
    currentSong: p.state.currentSong,
    isPlaying: p.state.isPlaying,
    unplayable: p.state.unplayable,
    autoplayBlocked: p.autoplayBlocked,
    audioEnabled: p.audioEnabled,
  }));
  // Filled in by the tap's own render: the player is already built (hidden) by then, so the song's name,
  // cover and times are a few changes, shown in the same frame as the row's pause icon.
  const song = state.currentSong;

  const [queueOpen, setQueueOpen] = useState(false);
  // Mounted from the first open on, so that it can animate closed.
  const [queueLoaded, setQueueLoaded] = useState(false);
  if (queueOpen && !queueLoaded) setQueueLoaded(true);
  /** null: docked above the navigation; a number: dragged to this top edge (px). */
  const [top, setTop] = useState<number | null>(null);
  const [offsetX, setOffsetX] = useState(0);
  const gesture = useRef<Gesture | null>(null);
  const swallowClick = useRef(false);
  /** Stops following the gesture's pointer on the window. */
  const stopFollowing = useRef<(() => void) | null>(null);
  useEffect(() => () => stopFollowing.current?.(), []);
  const cardRef = useRef<HTMLDivElement>(null);

  const nowPlaying = useRef<NowPlayingOpener>(null);
  const openNowPlaying = () => nowPlaying.current?.open();

  const dragged = top !== null;
  useEffect(() => {
    if (!dragged) return;
    const onResize = () =>
      setTop((current) => (current === null ? null : clampPlayerTop(current, window.innerHeight)));
    window.addEventListener("resize", onResize);
    return () => window.removeEventListener("resize", onResize);
  }, [dragged]);

  // The page keeps its last rows clear of the player whatever its height; toasts go under it at the top.
  usePublishPlayerRoom(cardRef, top, song !== null);

  if (!song && queueOpen) setQueueOpen(false); // the queue emptied or the player closed while it was open

  const cover = song ? (song.imageUrl ?? song.album?.imageUrl ?? null) : null;
  // Stopped on a song that cannot be played: enabling audio would not help, the message says why it is silent.
  const unplayable = song !== null && state.unplayable !== null;
  // Paused with audio never enabled (restored after a reload), or a start the browser blocked.
  const showEnable =
    song !== null && !unplayable && (state.autoplayBlocked || (!state.audioEnabled && !state.isPlaying));

  // A press anywhere on the player (its name, its cover, its buttons) may become a swipe or a drag: a finger
  // does not aim for the player's few pixels of free space. Only the seek bar keeps its moves to itself.
  // The moves are followed on the window, not on the player: a drag leaves the player's box at its first
  // step (a mouse's does; a finger's events stay with what it pressed), and capturing the pointer at the
  // press would send a mouse's click on a button to the player instead.
  const onPointerDown = (event: ReactPointerEvent<HTMLDivElement>) => {
    if (event.pointerType === "mouse" && event.button !== 0) return;
    const target = event.target as Element;
    if (target.closest?.(OWN_GESTURES)) return;
    stopFollowing.current?.();
    const rect = cardRef.current?.getBoundingClientRect();
    gesture.current = {
      pointerId: event.pointerId,
      startX: event.clientX,
      startY: event.clientY,
      startTop: rect?.top ?? 0,
      restingTop: top,
      startedAt: event.timeStamp,
      axis: null,
      onControl: target.closest?.(CONTROLS) != null,
    };
    const up = (moved: PointerEvent) => endGesture(moved, false);
    const cancel = (moved: PointerEvent) => endGesture(moved, true);
    window.addEventListener("pointermove", followGesture);
    window.addEventListener("pointerup", up);
    window.addEventListener("pointercancel", cancel);
    stopFollowing.current = () => {
      window.removeEventListener("pointermove", followGesture);
      window.removeEventListener("pointerup", up);
      window.removeEventListener("pointercancel", cancel);
      stopFollowing.current = null;
    };
  };

  const followGesture = (event: PointerEvent) => {
    const current = gesture.current;
    if (!current || current.pointerId !== event.pointerId) return;
    const dx = event.clientX - current.startX;
    const dy = event.clientY - current.startY;
    if (current.axis === null) {
      if (Math.max(Math.abs(dx), Math.abs(dy)) < GESTURE_SLOP) return;
      current.axis = Math.abs(dx) > Math.abs(dy) ? "x" : "y";
    }
    if (current.axis === "y") setTop(clampPlayerTop(current.startTop + dy, window.innerHeight));
    else setOffsetX(dx);
  };

  const endGesture = (event: PointerEvent, cancelled: boolean) => {
    const current = gesture.current;
    if (!current || current.pointerId !== event.pointerId) return;
    gesture.current = null;
    stopFollowing.current?.();
    setOffsetX(0);
    if (cancelled) return;
    if (current.axis === null) {
      if (!current.onControl) openNowPlaying(); // a tap on the player itself; a control's tap is the control's
      return;
    }
    // A gesture that began on a button or a link is not also that control's click (a mouse's comes next).
    swallowClick.current = true;
    setTimeout(() => (swallowClick.current = false), 0);
    const dx = event.clientX - current.startX;
    const dy = event.clientY - current.startY;
    if (current.axis === "y") {
      // A flick up opens Now Playing (the player stays where it was); a slower move has dragged it.
      if (verticalFlick(dx, dy, event.timeStamp - current.startedAt) !== "up") return;
      setTop(current.restingTop);
      return openNowPlaying();
    }
    // A swipe keeps its meaning in a right-to-left language: toward the next song, mirrored (ui-helpers.ts).
    const command = swipeCommand(dx, dy, dirOf(locale));
    if (command === "next") player.next();
    else if (command === "previous") player.previous();
  };

  return (
    <>
      <div
        ref={cardRef}
        role="region"
        aria-label={t("player.miniPlayer")}
        data-testid="mini-player"
        onPointerDown={onPointerDown}
        onClickCapture={(event) => {
          if (!swallowClick.current) return;
          swallowClick.current = false;
          event.preventDefault();
          event.stopPropagation();
        }}
        // A mouse's press on the name (a link) or the cover moved would drag the link or the picture away.
        onDragStart={(event) => event.preventDefault()}
        style={{
          // Without a song the player is there but hidden: it is built and laid out while the page is idle,
          // so the tap that starts the first song only fills it in and shows it (a tap's work).
          visibility: song ? "visible" : "hidden",
          position: "fixed",
          left: "50%",
          width: "min(calc(100vw - 16px), calc(var(--pb-column-width, 480px) - 16px))",
          transform: `translateX(calc(-50% + ${offsetX}px))`,
          transition: offsetX === 0 ? "transform 150ms ease" : "none",
          ...(top === null
            ? {
                bottom: `calc(var(--pb-bottom-nav-height, ${MINI_PLAYER_BOTTOM_OFFSET}px) + env(safe-area-inset-bottom, 0px) + 8px)`,
              }
            : { top }),
          zIndex: 150,
          touchAction: "none",
          userSelect: "none",
          padding: "8px 10px 6px",
          borderRadius: 14,
          color: "white",
          background: "linear-gradient(135deg, rgba(46, 22, 78, 0.97), rgba(24, 14, 40, 0.97))",
          border: "1px solid rgba(151, 117, 250, 0.35)",
          boxShadow: "0 8px 24px rgba(0, 0, 0, 0.45)",
          backdropFilter: "blur(8px)",
        }}
      >
        {unplayable && (
          // Said of a song whose audio failed (not found, not decodable, the network).
          <p role="status" className={classes.unplayable}>
            {t("player.unplayable")}
          </p>
        )}
        {showEnable && (
          <Button
            fullWidth
            size="compact-xs"
            variant="light"
            color="purple"
            mb={6}
            onClick={player.enableAudio}
            aria-label={t("player.enableAudio")}
          >
            {t("player.tapToEnableAudio")}
          </Button>
        )}
        <div className={classes.controls}>
          <button
            type="button"
            className={`mantine-focus-auto ${classes.coverButton}`}
            onClick={openNowPlaying}
            aria-label={t("player.openNowPlaying")}
            aria-haspopup="dialog"
          >
            <div className={classes.cover}>
              <PlayerCover src={cover} alt="" radius={8} noteSize={22} sizes={COVER_SIZES} />
            </div>
          </button>
          <div className={classes.names}>
            {song && <SongLinks song={song} titleTestId="mini-player-title" />}
          </div>
          <RoundIconButton tone="gray.3" onClick={player.previous} aria-label={t("player.previous")}>
            <PreviousIcon size={18} />
          </RoundIconButton>
          <RoundIconButton
            tone="filled"
            onClick={state.isPlaying ? player.pause : player.resume}
            aria-label={state.isPlaying ? t("player.pause") : t("player.play")}
          >
            {state.isPlaying ? <PauseIcon size={18} /> : <PlayIcon size={18} />}
          </RoundIconButton>
          <RoundIconButton tone="gray.3" onClick={player.next} aria-label={t("player.next")}>
            <NextIcon size={18} />
          </RoundIconButton>
          {/* Beside Next, a harmless neighbour: a mis-tap opens the queue rather than wiping it. */}
          <RoundIconButton
            tone="gray.4"
            onClick={() => setQueueOpen(true)}
            aria-label={t("player.showQueue")}
          >
            <QueueIcon size={16} />
          </RoundIconButton>
        </div>
        <Progress onClose={player.close} />
      </div>
      <NowPlayingRoute ref={nowPlaying} hasSong={song !== null} />
      {song && queueLoaded && (
        <Suspense fallback={null}>
          <QueueView opened={queueOpen} onClose={() => setQueueOpen(false)} />
        </Suspense>
      )}
    </>
  );
}

interface NowPlayingOpener {
  open(): void;
}

/**
 * Now Playing as a place in the address (#now-playing): the one part of the mini player that follows the
 * router, so that moving between screens renders it alone, not the player's card and buttons.
 */
function NowPlayingRoute({ ref, hasSong }: { ref: Ref<NowPlayingOpener>; hasSong: boolean }) {
  const location = useLocation();
  // The history, not useNavigate: this renders with every navigation, and useNavigate's own work came with it.
  const history = useRouterHistory();
  useImperativeHandle(
    ref,
    () => ({
      open: () =>
        history.push(
          { pathname: location.pathname, search: location.search, hash: NOW_PLAYING_HASH },
          { nowPlayingOpened: true },
        ),
    }),
    [history, location.pathname, location.search],
  );
  const openedHere = (location.state as { nowPlayingOpened?: boolean } | null)?.nowPlayingOpened === true;
  const close = useCallback(() => {
    // Opened here: step back, so that Back after closing leaves the screen rather than reopening the view.
    if (openedHere) history.go(-1);
    else history.replace({ pathname: location.pathname, search: location.search });
  }, [openedHere, history, location.pathname, location.search]);
  if (!hasSong || location.hash !== NOW_PLAYING_HASH) return null;
  return (
    <Suspense fallback={null}>
      <NowPlaying onClose={close} />
    </Suspense>
  );
}

/**
 * The position, the seek bar, the length, mute and close: the row that follows the song's time, rendered
 * by that time, not by the player's play button around it.
 */
const Progress = memo(function Progress({ onClose }: { onClose: () => void }) {
  const { duration, position, sliderProps, clock } = useSeekBar();
  return (
    <div className={classes.progress}>
      <p className={classes.time} data-align="end">
        {clock(position)}
      </p>
      <Slider style={{ flex: 1 }} size="xs" label={clock} {...sliderProps} />
      <p className={classes.time}>{clock(duration)}</p>
      <MuteButton iconSize={16} />
      <CloseButton onClose={onClose} />
    </div>
  );
});

/** Memoized for the reason MuteButton is: the song's time renders the row around it. */
const CloseButton = memo(function CloseButton({ onClose }: { onClose: () => void }) {
  const t = useT();
  return (
    <RoundIconButton tone="gray.5" onClick={onClose} aria-label={t("player.close")}>
      <CloseIcon size={16} />
    </RoundIconButton>
  );
});
