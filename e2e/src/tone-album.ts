// The listening journeys' album: the catalog's first album of two songs or more (found through the REST API,
// not the top song's: another journey's new single can top the charts in the shared app, and its artist has no
// album), whose songs are answered with short tones encoded as the renditions are, so a song ends and the next
// follows within seconds.
import { mkdtemp, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import type { Page } from "@playwright/test";
import { encodeMp3, runFfmpeg, STANDARD_KBPS } from "@purplebeats/media";

/** What the journeys read of a song in the REST API's answers. */
interface SongDto {
  id: string;
  albumId: string | null;
}

/** A 440 Hz stereo tone of `seconds` at 44.1 kHz, as the standard MP3 rendition. */
export async function toneMp3(seconds: number): Promise<Buffer> {
  const work = await mkdtemp(path.join(tmpdir(), "pb-e2e-tone-"));
  try {
    const wav = path.join(work, "tone.wav");
    const mp3 = path.join(work, "tone.mp3");
    const sine = `sine=frequency=440:sample_rate=44100:duration=${seconds}`;
    await runFfmpeg(["-f", "lavfi", "-i", sine, "-ac", "2", wav]);
    await encodeMp3(wav, mp3, STANDARD_KBPS);
    return await readFile(mp3);
  } finally {
    await rm(work, { recursive: true, force: true });
  }
}

/** Answers every song's stream with `bodyFor(songId)`, whole (no ranges), as the server's MP3. */
export function answerStreams(page: Page, bodyFor: (songId: string) => Buffer) {
  return page.route(/\/api\/songs\/[0-9a-f-]{36}\/stream/, (route) => {
    const songId = /\/api\/songs\/([0-9a-f-]{36})\//.exec(route.request().url())?.[1] ?? "";
    return route.fulfill({
      body: bodyFor(songId),
      contentType: "audio/mpeg",
      headers: { "accept-ranges": "none" },
    });
  });
}

/** The first album of the catalog with two songs or more: its id and its songs' ids in order. */
export async function albumOfTwoOrMore(page: Page): Promise<{ albumId: string; songIds: string[] }> {
  const songs = (await (await page.request.get("/api/songs?limit=100")).json()) as SongDto[];
  for (const candidate of new Set(songs.map((s) => s.albumId).filter((id): id is string => id !== null))) {
    const tracks = (await (await page.request.get(`/api/albums/${candidate}/songs`)).json()) as SongDto[];
    if (tracks.length >= 2) return { albumId: candidate, songIds: tracks.map((s) => s.id) };
  }
  throw new Error("The catalog has no album with two songs or more.");
}
