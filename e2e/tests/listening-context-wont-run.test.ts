// Background playback before the effects, where the browser will not run Web Audio at all: iOS WebKit can hold
// an AudioContext "suspended" or "interrupted" (a resume() that never settles), and a browser not known for it
// can do the same. An album, which plays through Web Audio for its gapless joins, must still play through the
// audio element, one song after the other, and Settings must say why the effects are off.
import { mkdtemp, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import type { Page } from "@playwright/test";
import { encodeMp3, runFfmpeg, STANDARD_KBPS } from "@purplebeats/media";
import { expect, test, visit } from "../src/harness.js";
import { mainAudio, probeAudio } from "../src/audio-probe.js";

const LONG = { timeout: 30_000 };
const WONT_START =
  "Not available right now: this browser would not start these effects, so the music plays without them.";
/** What the journey reads of a song in the REST API's answers. */
interface SongDto {
  id: string;
  albumId: string | null;
}

/** Every AudioContext the page makes stays in `state` and never resumes, as iOS WebKit may hold one. */
async function contextsThatWontRun(page: Page, state: "suspended" | "interrupted") {
  await page.addInitScript((held) => {
    const Original = window.AudioContext;
    const made: AudioContext[] = [];
    (window as unknown as { __contexts: AudioContext[] }).__contexts = made;
    const suspend = Original.prototype.suspend;
    window.AudioContext = class extends Original {
      constructor(options?: AudioContextOptions) {
        super(options);
        made.push(this);
        // Silent for real: nothing this graph plays reaches the speakers.
        void suspend.call(this);
      }
      override get state() {
        return held as AudioContextState;
      }
      override resume(): Promise<void> {
        return new Promise(() => undefined);
      }
    };
  }, state);
}

/** The element's source and position, while it plays (null when no element plays). */
async function elementPlaying(page: Page) {
  const audio = await mainAudio(page);
  return audio && !audio.paused ? audio : null;
}

test.describe("an AudioContext that will not run", () => {
  let work: string;
  let song: Buffer;
  test.beforeAll(async () => {
    work = await mkdtemp(path.join(tmpdir(), "pb-e2e-wont-run-"));
    const wav = path.join(work, "tone.wav");
    const mp3 = path.join(work, "tone.mp3");
    await runFfmpeg([
      "-f",
      "lavfi",
      "-i",
      "sine=frequency=440:sample_rate=44100:duration=4",
      "-ac",
      "2",
      wav,
    ]);
    await encodeMp3(wav, mp3, STANDARD_KBPS);
    song = await readFile(mp3);
  });
  test.afterAll(async () => {
    await rm(work, { recursive: true, force: true });
  });

  for (const state of ["suspended", "interrupted"] as const) {
    test(`held ${state}: an album plays through the audio element, song after song, and Settings says why`, async ({
      app,
    }) => {
      const { page, context } = await app.phone();
      try {
        await probeAudio(page);
        await contextsThatWontRun(page, state);
        // Every song is a 4-second tone, so that the next song follows soon.
        await page.route(/\/api\/songs\/[0-9a-f-]{36}\/stream/, (route) =>
          route.fulfill({ body: song, contentType: "audio/mpeg", headers: { "accept-ranges": "none" } }),
        );
        await visit(page, "/");
        // An album of two songs or more, found through the catalog's REST API.
        const songs = (await (await page.request.get("/api/songs?limit=100")).json()) as SongDto[];
        let albumId = "";
        let albumSongs: string[] = [];
        for (const candidate of new Set(
          songs.map((s) => s.albumId).filter((id): id is string => id !== null),
        )) {
          const tracks = (await (
            await page.request.get(`/api/albums/${candidate}/songs`)
          ).json()) as SongDto[];
          if (tracks.length < 2) continue;
          albumId = candidate;
          albumSongs = tracks.map((s) => s.id);
          break;
        }
        expect(albumId, "an album with two songs or more").not.toBe("");
        await visit(page, `/album/${albumId}`);
        const rows = page.getByTestId("song-row-title");
        await rows.nth(1).waitFor(LONG);
        const titles = await rows.allTextContents();

        await page.getByRole("button", { name: "Play", exact: true }).click();
        const title = page.getByTestId("mini-player-title");
        await expect(title).toHaveText(titles[0]!, LONG);
        // The first song plays through the element, and its time advances.
        await expect
          .poll(async () => (await elementPlaying(page))?.currentTime ?? 0, LONG)
          .toBeGreaterThan(1);
        expect((await elementPlaying(page))?.src).toContain(albumSongs[0]);
        await expect(page.getByRole("button", { name: /enable audio/i })).toHaveCount(0);
        // The next song follows, through the element too.
        await expect(title).toHaveText(titles[1]!, LONG);
        await expect
          .poll(async () => {
            const audio = await elementPlaying(page);
            return audio?.src.includes(albumSongs[1]!) ? audio.currentTime : 0;
          }, LONG)
          .toBeGreaterThan(0.5);

        await visit(page, "/settings");
        await expect(page.getByText(WONT_START)).toBeVisible();
        await expect(page.getByRole("switch", { name: /gapless/i })).toBeDisabled();
      } finally {
        await context.close();
      }
    });
  }
});
