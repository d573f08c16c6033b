// The rough edges of the app at 390x844, in Chromium: what a free listener, a member and a guest met when
// they tried it screen by screen. The payment card comes into view above the bottom bars; a heart answers
// at once on a slow network and takes its tap back when the server refuses; toasts sit above the mini
// player and the navigation, every premium toast in one layout; a cover's lettering and a card's title sit
// under no control; the guest's Liked Songs is a page with the app's header; the account menu and the first
// paint agree with the hydrated app; and the mini player follows a finger and a mouse alike.
import type { Locator, Page, Route } from "@playwright/test";
import { playFirstTrending } from "../src/audio-probe.js";
import { expect, test, visit } from "../src/harness.js";
import { becomePremium, settleAppSession } from "../src/premium.js";
import { line, mousePath, touchPath } from "../src/gestures.js";

const CLIENT = { "x-purplebeats-client": "1" };

interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

const boxOf = async (locator: Locator): Promise<Box> => {
  const box = await locator.boundingBox();
  if (!box) throw new Error(`${locator.toString()} has no box`);
  return box;
};

/** Whether two boxes share any area (touching edges do not count). */
const overlaps = (a: Box, b: Box) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

/** A tRPC request that carries `procedure` (httpBatchLink may batch it with other calls). */
const carries = (procedure: string) => (url: URL) =>
  url.pathname.startsWith("/trpc/") && url.pathname.includes(procedure);

/** Signs the page's context in as a free listener (Pi sign-in, no membership). */
async function becomeFreeListener(page: Page, username: string): Promise<void> {
  await settleAppSession(page);
  const grant = await page.request.post("/pi-sim/__control/users", { data: { username } });
  const login = await page.request.post("/api/pi/login", { data: await grant.json(), headers: CLIENT });
  expect(login.ok()).toBe(true);
}

const toast = (page: Page) => page.locator("[data-toast]");

test.describe("the rough edges", () => {
  test("'Upgrade to Premium' brings the payment card's actions into view above the bottom bars", async ({
    app,
  }) => {
    const { page, context } = await app.phone();
    try {
      await visit(page, "/");
      await becomeFreeListener(page, "edges_payer");
      // A song playing: the mini player is one of the bars the card must clear.
      await playFirstTrending(page);
      await page.getByTestId("bottom-nav").getByRole("link", { name: "Home" }).waitFor();
      await page.getByRole("link", { name: "Go Premium" }).click();
      const upgrade = page.getByRole("button", { name: "Upgrade to Premium" });
      await upgrade.click();
      const card = page.getByTestId("payment-card");
      const connect = card.getByRole("button", { name: "Connect Pi Wallet" });
      const cancel = card.getByRole("button", { name: "Cancel" });
      await connect.waitFor();
      // Above the mini player and the navigation, inside the screen, once any smooth scroll has settled.
      const covered = async () => {
        const bars = [
          await boxOf(page.getByTestId("mini-player")),
          await boxOf(page.getByTestId("bottom-nav")),
        ];
        const top = Math.min(...bars.map((bar) => bar.y));
        const actions = [await boxOf(connect), await boxOf(cancel)];
        return actions.some((box) => box.y < 0 || box.y + box.height > top);
      };
      await expect.poll(covered, { timeout: 5_000 }).toBe(false);
    } finally {
      await context.close();
    }
  });

  test("on a slow network a heart flips at once; a refused tap is taken back with the error toast", async ({
    app,
  }) => {
    const { page, context } = await app.phone();
    try {
      await becomePremium(page, "edges_liker");
      await visit(page, "/");
      const row = page.getByTestId("home-section-new-releases").getByTestId("song-row").first();
      const heart = row.getByTestId("like-song");
      await expect.poll(() => heart.getAttribute("data-locked"), { timeout: 15_000 }).toBeNull();
      expect(await heart.getAttribute("aria-pressed")).toBe("false");

      // Every call of the app's API answers 3 s late.
      const slow = async (route: Route) => {
        await new Promise((resolve) => setTimeout(resolve, 3_000));
        await route.continue().catch(() => {});
      };
      await page.route("**/trpc/**", slow);
      // Timed in the page, from the tap to the heart's change: the app's answer, not the test's round trips.
      const answered = () =>
        heart.evaluate(
          (button) =>
            new Promise<number>((resolve) => {
              let tappedAt = 0;
              button.addEventListener("click", () => (tappedAt = performance.now()), {
                capture: true,
                once: true,
              });
              new MutationObserver((_, observer) => {
                observer.disconnect();
                resolve(performance.now() - tappedAt);
              }).observe(button, { attributeFilter: ["aria-pressed"] });
            }),
        );
      const liked = answered();
      await heart.click();
      expect(await liked).toBeLessThan(300);
      expect(await heart.getAttribute("aria-pressed")).toBe("true");
      // The server's answer confirms it: the toast, and the heart stays.
      await toast(page).getByText("Added to Liked Songs", { exact: true }).waitFor({ timeout: 10_000 });
      expect(await heart.getAttribute("aria-pressed")).toBe("true");
      await page.unroute("**/trpc/**", slow);

      // The server refuses the unlike: the heart flips, then comes back, with the error toast.
      await page.route(carries("likedSongs.unlike"), async (route) => {
        await new Promise((resolve) => setTimeout(resolve, 1_000));
        await route.fulfill({ status: 500, contentType: "text/plain", body: "boom" });
      });
      const unliked = answered();
      await heart.click();
      expect(await unliked).toBeLessThan(300);
      expect(await heart.getAttribute("aria-pressed")).toBe("false");
      const error = toast(page).filter({ hasText: "Error" });
      await error.waitFor({ timeout: 10_000 });
      expect(await error.textContent()).toContain("500: boom");
      expect(await heart.getAttribute("aria-pressed")).toBe("true");
    } finally {
      await context.close();
    }
  });

  test("toasts sit above the mini player and the navigation, clear of the header; one premium layout", async ({
    app,
  }) => {
    const { page, context } = await app.phone();
    try {
      await visit(page, "/");
      const player = await playFirstTrending(page);
      const header = page.locator("header").first();
      const headerControls = [
        header.getByRole("link", { name: "PurpleBeats home" }),
        header.getByRole("link", { name: "Go Premium" }),
        header.getByTestId("profile-menu-button"),
        header.getByRole("searchbox").or(header.getByRole("combobox")).first(),
      ];
      /** What the toast on screen covers, once it has slid in (its entrance passes over the player). */
      const coveredByToast = async () => {
        const shown = await boxOf(toast(page).first());
        const others = [
          ...(await Promise.all(headerControls.map(boxOf))),
          await boxOf(player),
          await boxOf(page.getByTestId("bottom-nav")),
        ];
        const offScreen = shown.y < 0 || shown.y + shown.height > 844;
        return [...others.filter((other) => overlaps(shown, other)), ...(offScreen ? [shown] : [])];
      };
      const clearOfEverything = () => expect.poll(coveredByToast, { timeout: 3_000 }).toEqual([]);

      /** The Upgrade action is under the message, not beside its last line, and starts where it starts. */
      const upgradeUnderMessage = async (message: string) => {
        const shown = toast(page).filter({ hasText: message });
        await shown.waitFor({ timeout: 5_000 });
        const layout = await shown.evaluate((element, text) => {
          const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT);
          let node: Node | null;
          while ((node = walker.nextNode()) && !(node.textContent ?? "").includes(text));
          if (!node) throw new Error("no message");
          const range = document.createRange();
          range.selectNodeContents(node);
          const lines = [...range.getClientRects()];
          const button = [...element.querySelectorAll("a, button")].find(
            (control) => control.textContent?.trim() === "Upgrade",
          );
          if (!button) throw new Error("no Upgrade");
          const upgrade = button.getBoundingClientRect();
          return {
            messageBottom: Math.max(...lines.map((line) => line.bottom)),
            messageLeft: Math.min(...lines.map((line) => line.left)),
            upgradeTop: upgrade.top,
            upgradeLeft: upgrade.left,
          };
        }, message);
        expect(layout.upgradeTop).toBeGreaterThanOrEqual(layout.messageBottom);
        return layout;
      };

      // A free listener's Next: the skip's premium toast.
      await player.getByRole("button", { name: "Next song" }).click();
      await toast(page).first().waitFor();
      await clearOfEverything();
      const skip = await upgradeUnderMessage("Skipping songs is a premium feature.");

      // Seeking: the same layout.
      const track = player.getByRole("slider", { name: "Seek" }).locator("xpath=..");
      const box = await boxOf(track);
      await page.mouse.click(box.x + box.width * 0.7, box.y + box.height / 2);
      const seek = await upgradeUnderMessage("Seeking is a premium feature.");
      expect(seek.upgradeLeft).toBe(skip.upgradeLeft);
      await clearOfEverything();

      // A guest's heart: the like's premium toast, in the same place.
      await page.getByTestId("home-section-new-releases").getByTestId("like-song").first().click();
      const like = await upgradeUnderMessage("Liking songs is a premium feature.");
      expect(like.upgradeLeft).toBe(skip.upgradeLeft);
      await clearOfEverything();

      // Still swiped away to the right.
      const shown = await boxOf(toast(page).first());
      const y = shown.y + 12;
      await page.mouse.move(shown.x + 40, y);
      await page.mouse.down();
      await page.mouse.move(shown.x + 140, y, { steps: 5 });
      await page.mouse.up();
      await expect.poll(() => toast(page).count(), { timeout: 3_000 }).toBe(0);
    } finally {
      await context.close();
    }
  });

  test("no control sits on a card's cover or title, and Now Playing says whose cover it shows", async ({
    app,
  }) => {
    const { page, context } = await app.phone();
    try {
      await visit(page, "/");
      const cards = [
        {
          card: page.getByTestId("home-section-made-for-you").getByTestId("playlist-card"),
          control: (card: Locator) => card.getByRole("button", { name: /^Play / }),
        },
        {
          card: page.getByTestId("home-section-recently-played").getByTestId("song-tile"),
          control: (card: Locator) => card.locator("[data-play-mark], span[aria-hidden]:has(svg)").first(),
        },
      ];
      for (const { card, control } of cards) {
        await card.first().waitFor();
        for (const one of (await card.all()).slice(0, 4)) {
          const cover = await boxOf(one.locator("img, [data-cover]").first());
          const title = one.locator("p").first();
          const button = await boxOf(control(one));
          expect(overlaps(button, cover), `${await title.textContent()}: control on the cover`).toBe(false);
          // The title's words themselves (its box may reach under the control, its text may not).
          const words = await title.evaluate((element) => {
            const range = document.createRange();
            range.selectNodeContents(element);
            return [...range.getClientRects()].map(({ x, y, width, height }) => ({ x, y, width, height }));
          });
          expect(
            words.filter((word) => overlaps(button, word)),
            "control on the title",
          ).toEqual([]);
          // The whole title shows: nothing cut at its end.
          const cut = await title.evaluate(
            (element) =>
              element.scrollWidth > element.clientWidth + 1 ||
              element.scrollHeight > element.clientHeight + 1,
          );
          expect(cut, `${await title.textContent()} is cut`).toBe(false);
        }
      }

      // A song without artwork of its own shows its album's: Now Playing says so.
      const found = (await (
        await page.request.get(`/api/songs/search?q=${encodeURIComponent("Aurora Driftwood")}`)
      ).json()) as Array<{ title: string; album?: { id: string; title: string } }>;
      const song = found.find((one) => one.title === "Aurora Driftwood");
      expect(song?.album?.title).toBe("Low Tide Cathedral");
      await visit(page, `/album/${song!.album!.id}`);
      await page.getByRole("button", { name: "Play Aurora Driftwood", exact: true }).click();
      await page.getByRole("button", { name: "Open Now Playing" }).click();
      const view = page.getByRole("dialog", { name: "Now Playing" });
      await view.waitFor();
      await expect(view.getByTestId("now-playing-title")).toHaveText("Aurora Driftwood");
      await expect(view.getByTestId("now-playing-cover-caption")).toHaveText(
        "Album cover: Low Tide Cathedral",
      );
      await expect(view.getByRole("img", { name: "Cover of the album Low Tide Cathedral" })).toBeVisible();
    } finally {
      await context.close();
    }
  });

  test("a guest's Liked Songs is a page with the header; the account menu names the guest once; no flicker", async ({
    app,
  }) => {
    // What the server paints for a first visit (no session yet) and what the app shows once hydrated.
    const painted = async (html: string) => /data-testid="user-avatar"[^>]*>([^<]*)</.exec(html)?.[1];
    const { page, context } = await app.phone();
    try {
      const firstPaint = await painted(await (await page.request.get("/")).text());
      await visit(page, "/");
      await settleAppSession(page);
      const avatar = page.locator("header").getByTestId("user-avatar");
      await expect(avatar).toHaveText("GU");
      expect(firstPaint).toBe("GU");
      // And the page the server renders for the guest's own session.
      expect(await painted(await (await page.request.get("/")).text())).toBe("GU");

      // The teaser sits in a page: the app's header and the tab's heading.
      await page.getByTestId("bottom-nav").getByRole("link", { name: "Liked Songs" }).click();
      await page.getByTestId("liked-songs-teaser").waitFor();
      const header = page.locator("header").first();
      await header.getByRole("link", { name: "PurpleBeats home" }).waitFor();
      await page.getByRole("heading", { name: "Liked Songs" }).waitFor();
      const heading = await boxOf(page.getByRole("heading", { name: "Liked Songs" }));
      expect(heading.y).toBeLessThan((await boxOf(page.getByTestId("liked-songs-teaser"))).y);

      await page.getByTestId("profile-menu-button").first().click();
      const menu = page.getByTestId("profile-menu");
      await menu.waitFor();
      expect(await menu.getByText("Guest User", { exact: true }).count()).toBe(1);
    } finally {
      await context.close();
    }
  });
});

test.describe("the mini player's gestures, by touch and by mouse", () => {
  type Input = typeof touchPath;
  const INPUTS: Array<[string, Input]> = [
    ["touch", touchPath],
    ["mouse", mousePath],
  ];

  /** A member playing Home's first 'Trending Now' song; returns the player and its title. */
  async function memberPlaying(page: Page, username: string) {
    await becomePremium(page, username);
    await visit(page, "/");
    const player = await playFirstTrending(page);
    const title = page.getByTestId("mini-player-title");
    await expect.poll(() => page.getByRole("link", { name: "Go Premium" }).count()).toBe(0);
    return { player, title };
  }

  /** Where a finger would start on the player: on the song's name, the player's widest part. */
  async function onTheName(page: Page) {
    const name = await boxOf(page.getByTestId("mini-player-title"));
    return { x: name.x + Math.min(40, name.width / 2), y: name.y + name.height / 2 };
  }

  test("a swipe left goes to the next song", async ({ app }) => {
    const { page, context } = await app.phone();
    try {
      const { title } = await memberPlaying(page, "edges_swipe_left");
      for (const [how, input] of INPUTS) {
        const before = await title.textContent();
        const start = await onTheName(page);
        await input(page, line({ x: start.x + 150, y: start.y }, { x: start.x + 150 - 160, y: start.y }));
        await expect.poll(() => title.textContent(), { message: how, timeout: 5_000 }).not.toBe(before);
        await expect(page.getByRole("dialog", { name: "Now Playing" })).toHaveCount(0);
      }
    } finally {
      await context.close();
    }
  });

  test("a swipe right goes back to the previous song", async ({ app }) => {
    const { page, context } = await app.phone();
    try {
      const { player, title } = await memberPlaying(page, "edges_swipe_right");
      for (const [how, input] of INPUTS) {
        const first = await title.textContent();
        await player.getByRole("button", { name: "Next song" }).click();
        await expect.poll(() => title.textContent()).not.toBe(first);
        const start = await onTheName(page);
        await input(page, line(start, { x: start.x + 160, y: start.y }));
        await expect.poll(() => title.textContent(), { message: how, timeout: 5_000 }).toBe(first);
        await expect(page.getByRole("dialog", { name: "Now Playing" })).toHaveCount(0);
      }
    } finally {
      await context.close();
    }
  });

  test("a drag moves the player up and down; a flick up opens Now Playing", async ({ app }) => {
    const { page, context } = await app.phone();
    try {
      const { player } = await memberPlaying(page, "edges_drag");
      for (const [how, input] of INPUTS) {
        // A slow drag up carries the player with it...
        const docked = await boxOf(player);
        let start = await onTheName(page);
        await input(page, line(start, { x: start.x, y: start.y - 300 }, 12), 60);
        await expect.poll(async () => (await boxOf(player)).y, { message: how }).toBeLessThan(docked.y - 200);
        // ...and a slow drag down brings it back down.
        const raised = await boxOf(player);
        start = await onTheName(page);
        await input(page, line(start, { x: start.x, y: start.y + 200 }, 12), 60);
        await expect
          .poll(async () => (await boxOf(player)).y, { message: how })
          .toBeGreaterThan(raised.y + 150);
        await expect(page.getByRole("dialog", { name: "Now Playing" })).toHaveCount(0);

        // A quick flick up opens Now Playing, the player staying where it was.
        const before = await boxOf(player);
        start = await onTheName(page);
        await input(page, line(start, { x: start.x, y: start.y - 150 }, 4), 10);
        const view = page.getByRole("dialog", { name: "Now Playing" });
        await view.waitFor({ timeout: 5_000 });
        expect((await boxOf(player)).y).toBe(before.y);
        await view.getByRole("button", { name: "Close Now Playing" }).click();
        await view.waitFor({ state: "hidden" });
      }
    } finally {
      await context.close();
    }
  });
});
