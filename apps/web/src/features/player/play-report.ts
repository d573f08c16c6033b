// When a play is reported: only after a real part of the song was heard, so that starting and
// skipping songs does not count (the server counts a listener's play of a song once per window too).
import { useCallback, useEffect, useRef } from "react";
import type { PlayableSong } from "./types";

/** Seconds of a song heard before its play counts: 30, or half of a shorter song. */
export const secondsToCount = (duration: number) =>
  Number.isFinite(duration) && duration > 0 ? Math.min(30, duration / 2) : 30;

/** A jump forward larger than this between two time updates is a seek, not listening. */
const MAX_STEP_SECONDS = 2;

interface Listen {
  song: PlayableSong;
  heard: number;
  lastTime: number;
  reported: boolean;
}

/**
 * Counts the seconds of the current song actually played (seeks excluded) and calls `report` once
 * they reach secondsToCount. `started` begins a new listen each time the engine starts a song.
 */
export function usePlayReport(
  currentTime: number,
  isPlaying: boolean,
  report: (songId: string) => void,
): { started(song: PlayableSong): void } {
  const listen = useRef<Listen | null>(null);
  const reportRef = useRef(report);
  const timeRef = useRef(currentTime);
  useEffect(() => {
    reportRef.current = report;
    timeRef.current = currentTime;
  });

  const started = useCallback((song: PlayableSong) => {
    listen.current = { song, heard: 0, lastTime: timeRef.current, reported: false };
  }, []);

  useEffect(() => {
    const l = listen.current;
    if (!l || l.reported) return;
    const step = currentTime - l.lastTime;
    l.lastTime = currentTime;
    if (!isPlaying || !(step > 0 && step <= MAX_STEP_SECONDS)) return;
    l.heard += step;
    if (l.heard >= secondsToCount(l.song.duration)) {
      l.reported = true;
      reportRef.current(l.song.id);
    }
  }, [currentTime, isPlaying]);

  return { started };
}
