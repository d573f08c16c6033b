import { expect, test, visit } from "../src/harness.js";

test.describe("server-rendered first screens", () => {
  test("shows Home, a playlist and search results before any of the app's code runs", async ({
    app,
    playwright,
    launchOptions,
  }) => {
    // A phone whose browser runs no script at all: what it shows came in the HTML.
    const noScript = await playwright.chromium.launch(launchOptions);
    try {
      // Only the size of the journeys' phone (the runner would give a new context the whole phone).
      const phone = await noScript.newContext({
        baseURL: app.url,
        viewport: { width: 390, height: 844 },
        deviceScaleFactor: 1,
        isMobile: false,
        hasTouch: false,
        javaScriptEnabled: false,
      });
      const bare = await phone.newPage();
      await bare.goto("/");
      const madeForYou = bare.getByTestId("home-section-made-for-you");
      expect(await madeForYou.getByTestId("playlist-card").count()).toBeGreaterThanOrEqual(5);
      const cover = madeForYou.locator("img").first();
      await expect.poll(() => cover.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
      // A first visit is a new listener's: 'Recently Played' offers the trending songs, not placeholders.
      const recent = bare.getByTestId("home-section-recently-played");
      await expect(recent.getByText("Nothing played yet: start with what's trending.")).toBeVisible();
      expect(await recent.getByTestId("song-tile").count()).toBeGreaterThanOrEqual(1);
      expect(await recent.getByTestId("skeleton").count()).toBe(0);
      // The sections below the fold come with their songs too: nothing on Home waits for the app's code.
      expect(await bare.getByTestId("home-section-trending-now").getByTestId("song-tile").count()).toBe(4);
      expect(await bare.getByTestId("home-section-new-releases").getByTestId("song-row").count()).toBe(3);
      expect(await bare.getByTestId("home-section-top-charts").getByTestId("song-row").count()).toBe(5);
      expect(await bare.locator("main").getByTestId("skeleton").count()).toBe(0);

      const playlist = (await (await bare.request.get("/api/playlists/discover-weekly")).json()) as {
        name: string;
        songs: Array<{ title: string }>;
      };
      await bare.goto("/playlist/discover-weekly");
      expect(await bare.getByRole("heading", { name: playlist.name, level: 1 }).count()).toBe(1);
      expect(await bare.getByText(playlist.songs[0]!.title).count()).toBeGreaterThanOrEqual(1);
      // Every row, not only a screenful: the browser inserts none after its first paint.
      expect(await bare.locator("main").getByTestId("song-row").count()).toBe(playlist.songs.length);

      await bare.goto(`/search?q=${encodeURIComponent(playlist.songs[0]!.title)}`);
      expect(
        await bare.getByTestId("search-results").getByText(playlist.songs[0]!.title).count(),
      ).toBeGreaterThanOrEqual(1);
    } finally {
      await noScript.close();
    }
  });

  test("is hydrated by the app without an error, and a tap on it plays", async ({ app }) => {
    const { page, context } = await app.phone();
    const errors: string[] = [];
    page.on("pageerror", (error) => errors.push(error.message));
    page.on("console", (message) => {
      if (message.type() === "error") errors.push(message.text());
    });
    // Home first: a first visit's page (no session yet), then the others with the guest's session.
    for (const path of ["/", "/search?q=a", "/playlist/discover-weekly", "/"]) await visit(page, path);
    // The hydrated Home responds to a tap: the song plays in the mini player.
    const first = page
      .getByTestId("home-section-trending-now")
      .getByRole("button", { name: /^Play / })
      .first();
    await first.click();
    await page.getByTestId("mini-player").waitFor();
    // A hydration mismatch is reported as an error (React's #418): the app rendered something else than the server.
    expect(errors).toEqual([]);
    await context.close();
  });

  test("sends its larger scripts with V8's compile hint, so that they compile off the main thread", async ({
    app,
  }) => {
    const { page, context } = await app.phone(); // a fresh profile: a first visit
    const scripts: Array<Promise<{ path: string; body: string } | null>> = [];
    page.on("response", (response) => {
      if (response.request().resourceType() !== "script") return;
      const path = new URL(response.url()).pathname;
      // A body the browser no longer holds (a script answered while the page moved on) is not counted.
      if (path.startsWith("/assets/"))
        scripts.push(
          response.text().then(
            (body) => ({ path, body }),
            () => null,
          ),
        );
    });
    await visit(page, "/");
    const largerLoaded = async () =>
      (await Promise.all(scripts)).filter(
        (script): script is { path: string; body: string } =>
          script !== null && script.body.length >= 8 * 1024,
      );
    // React DOM, the router, the app's core, the player: most of a first visit's code. Part of it is
    // requested when the browser is idle, which on a busy machine comes after the network first goes quiet.
    await expect
      .poll(async () => (await largerLoaded()).length, { timeout: 20_000 })
      .toBeGreaterThanOrEqual(5);
    const larger = await largerLoaded();
    const withoutHint = larger.filter(({ body }) => !body.startsWith("//# allFunctionsCalledOnLoad\n"));
    expect(withoutHint.map(({ path }) => path)).toEqual([]);
    await context.close();
  });

  test("asks for each chunk of the app once: nothing it already requested is preloaded again", async ({
    app,
  }) => {
    const again: string[] = [];
    for (const path of ["/", "/playlist/discover-weekly", "/search?q=a"]) {
      const { page, context } = await app.phone(); // a fresh profile: a first visit
      // Before the page's scripts: the moment each module preload link is inserted (the app's code loader,
      // Vite's preload helper, inserts one per chunk that a lazily loaded part imports).
      await page.addInitScript(() => {
        const w = window as unknown as { __preloads: Array<[string, number]> };
        w.__preloads = [];
        const append = Node.prototype.appendChild;
        Node.prototype.appendChild = function <T extends Node>(this: Node, node: T): T {
          if (node instanceof HTMLLinkElement && node.rel === "modulepreload")
            w.__preloads.push([node.href, performance.now()]);
          return append.call(this, node) as T;
        };
      });
      await visit(page, path);
      await page.waitForLoadState("networkidle");
      // A link inserted for a chunk whose request had started before it does nothing but cost the main
      // thread its insertion (during hydration, on the first screen).
      const requestedBefore = await page.evaluate(() =>
        (window as unknown as { __preloads: Array<[string, number]> }).__preloads
          .filter(([href, at]) => performance.getEntriesByName(href).some((entry) => entry.startTime < at))
          .map(([href]) => new URL(href).pathname),
      );
      again.push(...requestedBefore.map((chunk) => `${path}: ${chunk}`));
      await context.close();
    }
    expect(again).toEqual([]);
  });
});
