// The current song's lyrics in Now Playing (songs.lyrics: the file's embedded words or its .lrc). Synced
// lines follow the playback: the line being sung is highlighted and kept in the middle of the panel, and a
// tap on a line seeks there (seeking is premium: free listeners get the same prompt as on the seek bar).
// Unsynced lyrics read as plain text. A song without lyrics (the API answers no lines) shows nothing at all.
import { Box, Stack, Text, Title, UnstyledButton } from "@mantine/core";
import type { LyricLineDto } from "@purplebeats/contracts/schemas";
import { useEffect, useRef } from "react";
import { useT } from "../../i18n";
import { trpc } from "../../lib/trpc";
import { usePlayer } from "./PlayerProvider";

/** After the listener scrolls the lyrics themselves, the panel leaves them there this long. */
export const LYRICS_FOLLOW_PAUSE_MS = 4000;

/** The line being sung at `timeMs`: the last one that has started, or -1 before the first. */
export function activeLineIndex(lines: readonly LyricLineDto[], timeMs: number): number {
  let active = -1;
  for (const [index, line] of lines.entries()) {
    if (line.timeMs === null || line.timeMs > timeMs) break;
    active = index;
  }
  return active;
}

export interface LyricsPanelProps {
  songId: string;
}

export function LyricsPanel({ songId }: LyricsPanelProps) {
  const t = useT();
  // A song without lyrics answers no lines (a failed read, offline say, shows nothing either: not worth a message here).
  const lyrics = trpc.songs.lyrics.useQuery({ songId }, { retry: false, staleTime: Infinity });
  const lines = lyrics.data?.lines ?? [];
  if (lines.length === 0) return null;
  return (
    <Stack gap="xs" mt="lg" component="section" aria-label={t("lyrics.title")}>
      <Title order={3} size="h4">
        {t("lyrics.title")}
      </Title>
      {lyrics.data?.synced ? <SyncedLyrics lines={lines} /> : <PlainLyrics lines={lines} />}
    </Stack>
  );
}

function PlainLyrics({ lines }: { lines: LyricLineDto[] }) {
  return (
    // The song's own words, in their own direction (a Latin song in Arabic reads left to right).
    <Text c="gray.2" style={{ whiteSpace: "pre-line" }} data-testid="lyrics-text" dir="auto">
      {lines.map((line) => line.text).join("\n")}
    </Text>
  );
}

function SyncedLyrics({ lines }: { lines: LyricLineDto[] }) {
  const { state, seek } = usePlayer();
  const active = activeLineIndex(lines, state.currentTime * 1000);
  const panelRef = useRef<HTMLDivElement>(null);
  const lineRefs = useRef<(HTMLButtonElement | null)[]>([]);
  const readingSince = useRef(-Infinity);
  const reading = () => {
    readingSince.current = performance.now();
  };

  // Keep the line being sung in the middle of the panel; only the panel scrolls, never the screen. A
  // listener reading ahead (scrolling the panel) is left alone for a few seconds.
  useEffect(() => {
    const panel = panelRef.current;
    const line = lineRefs.current[active];
    if (!panel || !line) return;
    if (performance.now() - readingSince.current < LYRICS_FOLLOW_PAUSE_MS) return;
    const top = line.offsetTop - panel.clientHeight / 2 + line.clientHeight / 2;
    if (typeof panel.scrollTo === "function") panel.scrollTo({ top, behavior: "smooth" });
    else panel.scrollTop = top;
  }, [active]);

  return (
    <Box
      ref={panelRef}
      data-testid="lyrics-lines"
      onWheel={reading}
      onTouchMove={reading}
      style={{ position: "relative", maxHeight: 300, overflowY: "auto", overscrollBehavior: "contain" }}
    >
      {lines.map((line, index) => {
        const current = index === active;
        return (
          <UnstyledButton
            key={index}
            ref={(element: HTMLButtonElement | null) => {
              lineRefs.current[index] = element;
            }}
            display="block"
            w="100%"
            mih={44}
            py={8}
            aria-current={current ? "true" : undefined}
            dir="auto"
            onClick={() => {
              if (line.timeMs !== null) seek(line.timeMs / 1000);
            }}
            style={{
              color: current ? "white" : "var(--mantine-color-gray-5)",
              fontWeight: current ? 700 : 500,
              fontSize: current ? "1.15rem" : "1.05rem",
              transition: "color 150ms, font-size 150ms",
            }}
          >
            {line.text || "♪"}
          </UnstyledButton>
        );
      })}
    </Box>
  );
}
