// Premium delivers what it sells: a premium member's player fetches the high rendition, a free
// listener's the standard one, as the audio element's own network requests show; a member who picks
// 'Standard (128 kbps)' in the listening settings gets standard from the next song on; Automatic with the
// browser's data saver on gets the low rendition.
import type { Page } from "@playwright/test";
import { expect, test, visit } from "../src/harness.js";
import { mainAudio, probeAudio } from "../src/audio-probe.js";
import { becomePremium } from "../src/premium.js";

const STREAM = /\/api\/songs\/([0-9a-f-]{36})\/stream\?quality=(low|standard|high)$/;

interface StreamFetch {
  songId: string;
  quality: string;
  status: number;
}

/** Every response of the stream endpoint the page got (the audio element's requests, ranges included). */
function recordStreams(page: Page): StreamFetch[] {
  const fetched: StreamFetch[] = [];
  page.on("response", (response) => {
    const match = STREAM.exec(response.url());
    if (match) fetched.push({ songId: match[1]!, quality: match[2]!, status: response.status() });
  });
  return fetched;
}

/**
 * Taps a play button of Home's Trending Now (the first whose song is not `notTitle`, since a tap on the
 * current song only pauses it) and waits until the song really plays; answers its id.
 */
async function playTrending(page: Page, notTitle?: string): Promise<string> {
  const buttons = page.getByTestId("home-section-trending-now").getByRole("button", { name: /^Play / });
  await buttons.first().waitFor();
  const names = await buttons.evaluateAll((all) => all.map((button) => button.getAttribute("aria-label")));
  const index = names.findIndex((name) => name !== `Play ${notTitle}`);
  await buttons.nth(index).click();
  await expect
    .poll(async () => (await mainAudio(page))?.currentTime ?? 0, { timeout: 30_000 })
    .toBeGreaterThan(0.5);
  const src = (await mainAudio(page))?.src ?? "";
  const match = STREAM.exec(src);
  if (!match) throw new Error(`not playing from the stream endpoint: ${src}`);
  return match[1]!;
}

/**
 * Opens `path` and waits until the app knows the membership too (server-rendered with the page, or read by
 * the browser): the header no longer offers 'Go Premium'. A song started before that plays at the quality
 * everyone gets (the premium rules hold; the next song loads at the member's quality).
 */
async function visitAsMember(page: Page, path: string) {
  await visit(page, path);
  await expect(page.getByRole("link", { name: "Go Premium" })).toHaveCount(0);
  await expect(page.getByTestId("profile-menu-button")).toBeVisible();
}

test.describe("stream quality follows the membership", () => {
  test("a free listener's player fetches quality=standard and never quality=high", async ({ app }) => {
    const { page, context } = await app.phone();
    try {
      await probeAudio(page);
      const fetched = recordStreams(page);
      await visit(page, "/");
      const songId = await playTrending(page);
      const forSong = fetched.filter((entry) => entry.songId === songId);
      expect(forSong.length).toBeGreaterThan(0);
      expect(forSong.every((entry) => entry.quality === "standard" && entry.status < 300)).toBe(true);
      expect(fetched.some((entry) => entry.quality === "high")).toBe(false);
    } finally {
      await context.close();
    }
  });

  test("Automatic with the browser's data saver on: the player fetches the low rendition (64 kbps)", async ({
    app,
  }) => {
    const { page, context } = await app.phone();
    try {
      await page.addInitScript(() => {
        window.localStorage.setItem("pb.audio-preferences", JSON.stringify({ quality: "auto" }));
        Object.defineProperty(navigator, "connection", {
          configurable: true,
          value: { saveData: true, effectiveType: "4g", addEventListener() {}, removeEventListener() {} },
        });
      });
      await probeAudio(page);
      const fetched = recordStreams(page);
      await visit(page, "/");
      const songId = await playTrending(page);
      const forSong = fetched.filter((entry) => entry.songId === songId);
      expect(forSong.length).toBeGreaterThan(0);
      expect(
        forSong.every((entry) => entry.quality === "low" && entry.status < 300),
        JSON.stringify(fetched),
      ).toBe(true);
    } finally {
      await context.close();
    }
  });

  test("a premium member's player fetches quality=high; after choosing Standard, the next song comes as standard", async ({
    app,
  }) => {
    const { page, context } = await app.phone();
    try {
      await probeAudio(page);
      const fetched = recordStreams(page);
      await visit(page, "/");
      await becomePremium(page, "high_listener");
      await visitAsMember(page, "/");
      const first = await playTrending(page);
      const firstTitle = (await page.getByTestId("mini-player-title").textContent()) ?? "";
      const firstFetches = fetched.filter((entry) => entry.songId === first);
      expect(firstFetches.length).toBeGreaterThan(0);
      // The server agrees: the high rendition is answered (200/206), not refused with 403.
      expect(
        firstFetches.every((entry) => entry.quality === "high" && entry.status < 300),
        JSON.stringify(fetched),
      ).toBe(true);

      await visit(page, "/profile");
      const settings = page.getByRole("region", { name: "Listening settings" });
      // A member's choice shows once the membership has answered (High until they pick Standard).
      await expect
        .poll(() => settings.getByRole("radio", { name: "High (320 kbps)" }).isChecked(), { timeout: 15_000 })
        .toBe(true);
      await settings.getByRole("radio", { name: "Standard (128 kbps)" }).check();

      await visitAsMember(page, "/");
      fetched.length = 0;
      const second = await playTrending(page, firstTitle);
      expect(second).not.toBe(first);
      const secondFetches = fetched.filter((entry) => entry.songId === second);
      expect(secondFetches.length).toBeGreaterThan(0);
      expect(
        secondFetches.every((entry) => entry.quality === "standard" && entry.status < 300),
        JSON.stringify(fetched),
      ).toBe(true);
    } finally {
      await context.close();
    }
  });
});
