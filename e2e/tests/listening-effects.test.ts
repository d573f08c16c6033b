// Crossfade and the equalizer, heard: the songs' audio is replaced by tones made with FFmpeg and encoded by the
// renditions' MP3 encoder, and what the page sends to its speakers is captured (src/audio-tap.ts) and measured
// by frequency. A crossfade has both songs audible at once; Bass boost lifts a low tone against a high one.
import { mkdtemp, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import type { Page } from "@playwright/test";
import { encodeMp3, runFfmpeg, STANDARD_KBPS } from "@purplebeats/media";
import { expect, test, visit } from "../src/harness.js";
import { levelsOf, tapAudioOutput } from "../src/audio-tap.js";

const LONG = { timeout: 30_000 };
const BLOCK = 4096;
/** A tone counts as audible in a block above this level (a full-scale sine is about 1). */
const AUDIBLE = 0.02;

let work: string;
test.beforeAll(async () => {
  work = await mkdtemp(path.join(tmpdir(), "pb-e2e-effects-"));
});
test.afterAll(async () => {
  await rm(work, { recursive: true, force: true });
});

/** An MP3 of `expression` (FFmpeg's aevalsrc, in t) lasting `seconds`, as the renditions encode. */
async function toneMp3(name: string, expression: string, seconds: number): Promise<Buffer> {
  const wav = path.join(work, `${name}.wav`);
  const mp3 = path.join(work, `${name}.mp3`);
  await runFfmpeg(["-f", "lavfi", "-i", `aevalsrc=${expression}:s=44100:d=${seconds}`, "-ac", "2", wav]);
  await encodeMp3(wav, mp3, STANDARD_KBPS);
  return readFile(mp3);
}

/** The listener's settings on this device before the app starts (a guest's profile holds none). */
async function listeningSettings(page: Page, settings: Record<string, unknown>) {
  await page.addInitScript(
    (value) => {
      window.localStorage.setItem("pb.audio-preferences", value);
    },
    JSON.stringify({
      quality: "high",
      normalize: false,
      gaplessAlways: false,
      crossfadeSeconds: 0,
      ...settings,
    }),
  );
}

/** Serves `first` for the first song the page streams and `rest` for every other. */
async function serveTones(page: Page, first: Buffer, rest: Buffer) {
  let firstId: string | null = null;
  await page.route(/\/api\/songs\/[0-9a-f-]{36}\/stream/, (route) => {
    const id = /\/api\/songs\/([0-9a-f-]{36})\//.exec(route.request().url())![1]!;
    firstId ??= id;
    return route.fulfill({
      body: id === firstId ? first : rest,
      contentType: "audio/mpeg",
      headers: { "accept-ranges": "none" },
    });
  });
}

interface TrendingSong {
  title: string;
  albumId: string | null;
}

/** Home's Trending Now, in its order, as the REST API lists it. */
async function trending(page: Page): Promise<TrendingSong[]> {
  const songs = (await (await page.request.get("/api/songs/trending?limit=8")).json()) as {
    title: string;
    albumId: string | null;
  }[];
  return songs.map(({ title, albumId }) => ({ title, albumId }));
}

const playInTrending = (page: Page, title: string) =>
  page
    .getByTestId("home-section-trending-now")
    .getByRole("button", { name: `Play ${title}`, exact: true })
    .click();

test.describe("crossfade and the equalizer", () => {
  test("a 4 s crossfade: the next song fades in while this one fades out, both audible at once", async ({
    app,
  }) => {
    const [a, b] = await Promise.all([
      toneMp3("a440", "0.5*sin(2*PI*440*t)", 8),
      toneMp3("b660", "0.5*sin(2*PI*660*t)", 8),
    ]);
    const { page, context } = await app.phone({ bypassCSP: true });
    try {
      await tapAudioOutput(page, false);
      await listeningSettings(page, { crossfadeSeconds: 4 });
      await serveTones(page, a, b);
      await visit(page, "/");
      // Two songs that follow each other from different albums (an album's songs join without a fade).
      const songs = await trending(page);
      const at = songs.findIndex((song, i) => i + 1 < songs.length && song.albumId !== songs[i + 1]!.albumId);
      expect(at).toBeGreaterThanOrEqual(0);
      await playInTrending(page, songs[at]!.title);
      const title = page.getByTestId("mini-player-title");
      await expect(title).toHaveText(songs[at]!.title, LONG);
      // The player names the next song as its fade starts; the fade lasts 4 s.
      await expect(title).toHaveText(songs[at + 1]!.title, LONG);
      await page.waitForTimeout(5000);

      const levels = await levelsOf(page, [440, 660]);
      const sampleRate = await page.evaluate(
        () => (window as unknown as { __recordings: { sampleRate: number }[] }).__recordings[0]!.sampleRate,
      );
      const both = levels.filter(([first, next]) => first! > AUDIBLE && next! > AUDIBLE).length;
      const bothSeconds = (both * BLOCK) / sampleRate;
      test.info().annotations.push({ type: "both songs audible (s)", description: bothSeconds.toFixed(2) });
      expect(bothSeconds).toBeGreaterThan(2);
      // The first song alone before the fade, the next alone after it.
      const firstBoth = levels.findIndex(([first, next]) => first! > AUDIBLE && next! > AUDIBLE);
      expect(levels.slice(0, firstBoth).some(([first, next]) => first! > 0.1 && next! < AUDIBLE)).toBe(true);
      expect(levels.at(-2)![0]).toBeLessThan(AUDIBLE);
      expect(levels.at(-2)![1]).toBeGreaterThan(0.1);
    } finally {
      await context.close();
    }
  });

  test("Bass boost lifts a 30 Hz tone against a 4 kHz one by 4 dB or more, against Flat (its low shelf is +6 dB)", async ({
    app,
  }) => {
    const chord = await toneMp3("chord", "0.3*sin(2*PI*30*t)+0.3*sin(2*PI*4000*t)", 8);
    /** The 30 Hz tone's level over the 4 kHz tone's, with the equalizer `preset`, while a song plays. */
    const lowOverHigh = async (equalizer: { preset: string; custom: number[] }) => {
      const { page, context } = await app.phone({ bypassCSP: true });
      try {
        await tapAudioOutput(page, false);
        // Gapless for every queue keeps Flat on Web Audio too, so both are captured the same way.
        await listeningSettings(page, { gaplessAlways: true, equalizer });
        await serveTones(page, chord, chord);
        await visit(page, "/");
        const [first] = await trending(page);
        await playInTrending(page, first!.title);
        await expect(page.getByTestId("mini-player-title")).toHaveText(first!.title, LONG);
        await expect
          .poll(
            async () => (await levelsOf(page, [30, 4000])).filter(([, high]) => high! > AUDIBLE).length,
            LONG,
          )
          .toBeGreaterThan(20);
        const sounding = (await levelsOf(page, [30, 4000])).filter(([, high]) => high! > AUDIBLE);
        const mean = (band: number) =>
          sounding.reduce((sum, levels) => sum + levels[band]!, 0) / sounding.length;
        return mean(0) / mean(1);
      } finally {
        await context.close();
      }
    };
    const zeros = [0, 0, 0, 0, 0, 0, 0];
    const flat = await lowOverHigh({ preset: "flat", custom: zeros });
    const boosted = await lowOverHigh({ preset: "bassBoost", custom: zeros });
    const liftDb = 20 * Math.log10(boosted / flat);
    test.info().annotations.push({ type: "30 Hz lift against 4 kHz (dB)", description: liftDb.toFixed(1) });
    expect(liftDb).toBeGreaterThan(4);
  });
});
