import type { Page } from "@playwright/test";

/** Records every audio element the page makes with `new Audio()`, so tests can read what really plays. */
export async function probeAudio(page: Page) {
  await page.addInitScript(() => {
    const Original = window.Audio;
    const made: HTMLAudioElement[] = [];
    (window as unknown as { __audios: HTMLAudioElement[] }).__audios = made;
    window.Audio = class extends Original {
      constructor(src?: string) {
        super(src);
        made.push(this);
      }
    } as typeof Audio;
  });
}

/** The element that is playing (or last played) the current song: the one with a src that is not a data: clip. */
export function mainAudio(page: Page) {
  return page.evaluate(() => {
    const all = (window as unknown as { __audios: HTMLAudioElement[] }).__audios;
    const candidates = all.filter((a) => a.src && !a.src.startsWith("data:"));
    const playing = candidates.find((a) => !a.paused) ?? candidates[0];
    return playing
      ? {
          src: playing.src,
          currentTime: playing.currentTime,
          paused: playing.paused,
          duration: playing.duration,
        }
      : null;
  });
}

/** Taps play on Home's first 'Trending Now' song and waits for the mini player; returns the player. */
export async function playFirstTrending(page: Page) {
  const play = page
    .getByTestId("home-section-trending-now")
    .getByRole("button", { name: /^Play / })
    .first();
  await play.waitFor();
  await play.click();
  const player = page.getByTestId("mini-player");
  await player.waitFor();
  return player;
}
