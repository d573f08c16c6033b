// Background playback before the effects, where the browser will not run Web Audio at all: iOS WebKit can hold
// an AudioContext "suspended" or "interrupted" (a resume() that never settles), and a browser not known for it
// can do the same. An album, which plays through Web Audio for its gapless joins, must still play through the
// audio element, one song after the other, and Settings must say why the effects are off.
import type { Page } from "@playwright/test";
import { expect, test, visit } from "../src/harness.js";
import { mainAudio, probeAudio } from "../src/audio-probe.js";
import { albumOfTwoOrMore, answerStreams, toneMp3 } from "../src/tone-album.js";

const LONG = { timeout: 30_000 };
const WONT_START =
  "Not available right now: this browser would not start these effects, so the music plays without them.";

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
  let song: Buffer;
  test.beforeAll(async () => {
    song = await toneMp3(4);
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
        await answerStreams(page, () => song);
        await visit(page, "/");
        const { albumId, songIds: albumSongs } = await albumOfTwoOrMore(page);
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
