// Pages whose first screen the server draws (apps/web/src/entry-server.tsx through src/web/pages/web-app.ts):
// the real web build (turbo builds it before these tests), over HTTP, on a seeded database.
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createServer as createNetServer } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import type { PlaylistDto } from "@purplebeats/contracts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Client, createTestServer, getJson, startTestServer, type TestServer } from "./helpers/server.js";
import { premiumListener } from "./helpers/pi-sim.js";
import {
  DEFAULT_PAGE_RENDERING,
  MAX_CONCURRENT_RENDERS,
  withPageSettings,
  type PageRendering,
} from "../src/web/pages/web-app.js";

const WEB = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../web");
const WEB_DIST = path.join(WEB, "dist");
const manifest = JSON.parse(readFileSync(path.join(WEB_DIST, ".vite/manifest.json"), "utf8")) as Record<
  string,
  { file: string }
>;

/** The part of a page inside the app's root element (React's markup), and the data sent with it. */
function parts(html: string) {
  const root = html.slice(html.indexOf('<div id="root">'), html.indexOf('<script type="application/json"'));
  const state = /<script type="application\/json" id="pb-first-screen-state">([^<]*)<\/script>/.exec(
    html,
  )?.[1];
  return { root, state };
}

/**
 * What these tests check is what is rendered, not how fast: on a busy 2-core machine a render can take longer
 * than the production limit, which would send the page not server-rendered (that fallback has tests of its own below).
 */
const UNHURRIED: PageRendering = { timeoutMs: 60_000, warmUpMs: 60_000 };

describe("server-rendered pages", () => {
  let t: TestServer;
  beforeAll(async () => {
    t = await startTestServer("pglite", {
      webDist: WEB_DIST,
      adminUids: new Set(["render-curator"]),
      pageRendering: UNHURRIED,
    });
  });
  afterAll(async () => {
    await t?.close();
  });

  const page = async (url: string, client?: Client) => {
    const res = await fetch(t.url + url, { headers: client?.cookie ? { cookie: client.cookie } : {} });
    return { status: res.status, headers: res.headers, html: await res.text() };
  };

  it("renders Home with its 'Made For You' playlists, covers first, and sends the data it rendered from", async () => {
    const { body } = await getJson<PlaylistDto[]>(`${t.url}/api/playlists?limit=50`, {
      headers: { "x-purplebeats-client": "1" },
    });
    const first = body[0]!;
    const home = await page("/");
    expect(home.status).toBe(200);
    // Rendered for this caller: never kept by a shared cache.
    expect(home.headers.get("cache-control")).toBe("private, no-cache");
    const { root, state } = parts(home.html);
    expect(root).toContain("Made For You");
    expect(root).toContain(`>${first.name}<`);
    expect(root).toMatch(new RegExp(`<img[^>]*src="${first.imageUrl}"[^>]*fetchpriority="high"`, "i"));
    // The browser's hydration reads the same data: no second request for them.
    const answers = JSON.parse(state!) as { json: { queries: Array<{ queryKey: unknown }> } };
    expect(answers.json.queries.map((q) => q.queryKey)).toEqual([
      [["playlists", "list"], { input: { limit: 50 }, type: "query" }],
      // A first visit: a new listener's 'Recently Played' (below).
      [["songs", "recentlyPlayed"], { input: { limit: 8 }, type: "query" }],
      [["songs", "trending"], { input: { limit: 5 }, type: "query" }],
      // 'New Releases', below the fold: in the HTML too, so the browser has nothing to render after hydrating.
      [["songs", "list"], { input: { limit: 3 }, type: "query" }],
    ]);
  });

  it("renders a first visit's 'Recently Played' as the trending songs to start with, never placeholders", async () => {
    const { body: trending } = await getJson<Array<{ title: string }>>(
      `${t.url}/api/songs/trending?limit=5`,
      {
        headers: { "x-purplebeats-client": "1" },
      },
    );
    expect(trending.length).toBeGreaterThan(0);
    // No session: a new listener, who has played nothing yet.
    const { root } = parts((await page("/")).html);
    const recent = root.slice(
      root.indexOf('data-testid="home-section-recently-played"'),
      root.indexOf('data-testid="home-section-made-for-you"'),
    );
    expect(recent).toContain("Nothing played yet: start with what&#x27;s trending.");
    expect(recent.match(/data-testid="song-tile"/g)).toHaveLength(trending.length);
    for (const song of trending) expect(recent).toContain(song.title.replaceAll("&", "&amp;"));
    expect(recent).not.toContain("mantine-Skeleton-root");

    // A listener with a session may have played songs: the server does not say they have not.
    const listener = new Client(t.url);
    await premiumListener(listener, "render-recent");
    const theirs = parts((await page("/", listener)).html);
    expect(theirs.root).not.toContain("Nothing played yet");
    expect(theirs.state).not.toContain("recentlyPlayed");
  });

  it("loads the app through boot after the first paint, the screen's styles inline", async () => {
    const { html } = await page("/");
    const entry = manifest["index.html"]!.file;
    const boot = manifest["src/boot.ts"]!.file;
    // index.html's own script and module preloads are gone: boot loads the app once the page has painted.
    expect(html).not.toContain(`<script type="module" crossorigin src="/${entry}">`);
    expect(html).not.toContain('rel="modulepreload"');
    const script = new RegExp(`<script type="module"[^>]* src="/${boot}" data-modules="([^"]*)"`);
    const modules = script.exec(html)?.[1]?.split(" ") ?? [];
    // Each chunk after those it imports: the entry after its imports, then the lazily loaded modules the page
    // rendered: the screen, and the rows' hearts (Home's lists are in its HTML).
    const home = `/${manifest["src/pages/HomePage.tsx"]!.file}`;
    const hearts = `/${manifest["src/features/library/LikeSongButton.tsx"]!.file}`;
    expect(modules.slice(-3)).toEqual([`/${entry}`, home, hearts]);
    expect(modules.length).toBeGreaterThan(2);
    // Every chunk the page starts with, the screen's imports too, is named for the app's code loader.
    const marked = [...html.matchAll(/<link rel="x-start-chunk" href="([^"]*)">/g)].map((link) => link[1]!);
    expect(new Set(marked).size).toBe(marked.length);
    for (const module of modules) expect(marked).toContain(module);
    for (const rendered of ["src/pages/HomePage.tsx", "src/features/library/LikeSongButton.tsx"])
      for (const imported of (manifest[rendered] as { imports?: string[] }).imports ?? [])
        expect(marked).toContain(`/${manifest[imported]!.file}`);
    expect(html).toMatch(/<style>[^<]*\._?[\w-]*section/i);
  });

  it("names each inlined stylesheet as a disabled link, so that the app's code does not link it again", async () => {
    const { html } = await page("/");
    const head = html.slice(0, html.indexOf("</head>"));
    const home = manifest["src/pages/HomePage.tsx"] as { file: string; css?: string[] };
    expect(home.css?.length).toBeGreaterThan(0);
    for (const css of home.css ?? []) {
      expect(head).toContain(`<link rel="stylesheet" href="/${css}" disabled>`);
      // Its rules are in the page already, inline.
      expect(head).toContain(readFileSync(path.join(WEB_DIST, css), "utf8").slice(0, 80));
    }
    // Only the inlined ones: index.html's own stylesheet stays an ordinary link.
    expect(head).not.toMatch(/<link rel="stylesheet" href="\/assets\/index-[^"]*" disabled>/);
  });

  it("renders a playlist's cover, name and first songs", async () => {
    const { body } = await getJson<PlaylistDto & { songs: Array<{ title: string }> }>(
      `${t.url}/api/playlists/discover-weekly`,
      { headers: { "x-purplebeats-client": "1" } },
    );
    const { root } = parts((await page("/playlist/discover-weekly")).html);
    expect(root).toContain(`>${body.name}<`);
    expect(root).toContain(`src="${body.imageUrl}"`);
    expect(root).toContain(`>${body.songs[0]!.title}<`);
  });

  it("renders the search results for the address's text", async () => {
    const { body } = await getJson<Array<{ title: string }>>(`${t.url}/api/songs/search?q=a&limit=20`, {
      headers: { "x-purplebeats-client": "1" },
    });
    const { root } = parts((await page("/search?q=a")).html);
    expect(root).toContain("Search results for &quot;a&quot;");
    expect(root).toContain(`>${body[0]!.title}<`);
  });

  it("renders a private playlist for its owner only, and escapes what listeners typed", async () => {
    const owner = new Client(t.url);
    await premiumListener(owner, "render-owner");
    const name = "</script><script>alert(1)</script> & <b>mine</b>";
    const created = await owner.post<PlaylistDto>("/api/playlists", { name, isPublic: false });
    expect(created.status).toBe(201);
    const url = `/playlist/${created.body.id}`;

    const mine = await page(url, owner);
    expect(mine.html).not.toContain("<script>alert(1)");
    expect(parts(mine.html).root).toContain(
      "&lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt; &amp; &lt;b&gt;mine&lt;/b&gt;",
    );
    // In the data too: JSON whose '<' cannot end the script element.
    expect(parts(mine.html).state).toContain("\\u003c/script>\\u003cscript>alert(1)");

    const stranger = await page(url);
    expect(stranger.status).toBe(200);
    expect(stranger.html).not.toContain("alert(1)");
    expect(stranger.html).not.toContain("mine");
  });

  it("draws the page in the language the visitor chose (cookie), else the one their browser asks for", async () => {
    const fetchPage = async (headers: Record<string, string>) =>
      (await fetch(t.url + "/", { headers })).text();
    const chosen = await fetchPage({ cookie: "pb_locale=vi", "accept-language": "ar" });
    expect(chosen).toMatch(/<html lang="vi" dir="ltr"/);
    expect(parts(chosen).root).toContain(">Trang chủ<");
    // The language's messages go with the page for the browser's hydration: no flash of English.
    expect(chosen).toMatch(/<script type="application\/json" id="pb-messages">[^<]*Trang chủ/);

    const negotiated = await fetchPage({ "accept-language": "fr;q=0.9, ar-EG;q=0.8, en;q=0.5" });
    expect(negotiated).toMatch(/<html lang="ar" dir="rtl"/);
    expect(parts(negotiated).root).toContain(">الرئيسية<");

    const english = await fetchPage({ "accept-language": "fr, de" });
    expect(english).toMatch(/<html lang="en" dir="ltr"/);
    expect(parts(english).root).toContain(">Home<");
    // A chosen language nobody offers is no choice: the browser's languages pick.
    expect(await fetchPage({ cookie: "pb_locale=xx", "accept-language": "sr" })).toMatch(
      /<html lang="sr-Latn" dir="ltr"/,
    );
  });

  it("renders a first visit's page once for all first visits, and again after the catalog changes", async () => {
    const firstVisit = async () => parts((await page("/")).html).state!;
    const before = await firstVisit();
    expect(await firstVisit()).toBe(before); // the same page, not rendered again
    // A listener's own playlist is theirs: first visits do not show it.
    const listener = new Client(t.url);
    await premiumListener(listener, "render-listener");
    expect((await listener.post<PlaylistDto>("/api/playlists", { name: "Just Mine" })).status).toBe(201);
    // An editor's new playlist is everyone's: the kept page is server-rendered again with it.
    const curator = new Client(t.url);
    await curator.signInWithPi("render-curator", "render-curator");
    const created = await curator.post<PlaylistDto>("/api/admin/playlists", { name: "Fresh Off The Press" });
    expect(created.status).toBe(201);
    expect(before).not.toContain("Fresh Off The Press");
    const after = await firstVisit();
    expect(after).toContain("Fresh Off The Press");
    expect(after).not.toContain("Just Mine");
  });

  it("answers a path the app has no screen for with 404 and the app's 404 page", async () => {
    for (const url of ["/no/such/page", "/playlists-of-nobody"]) {
      const res = await page(url);
      expect(res.status).toBe(404);
      expect(parts(res.html).root).toContain("404 Page Not Found");
    }
    expect((await page("/search")).status).toBe(200);
  });

  it("renders with React's production build whatever mode the API runs in (these tests run it as 'test')", () => {
    // The libraries' builds are chosen by NODE_ENV at run time unless the renderer's build fixed it: the API on
    // its embedded defaults runs as development, and rendered every page with React's development build.
    const renderer = path.join(WEB, "dist-server");
    const files = readdirSync(renderer, { recursive: true, encoding: "utf8" }).filter((f) =>
      f.endsWith(".js"),
    );
    expect(files).toContain("entry-server.js");
    const deciding = files.filter((f) =>
      readFileSync(path.join(renderer, f), "utf8").includes("process.env.NODE_ENV"),
    );
    expect(deciding).toEqual([]);
  });

  it("leaves API paths to the API", async () => {
    expect((await fetch(`${t.url}/api/no-such-route`)).status).toBe(404);
  });
});

/** The same web build with another server renderer; removed by the returned function. */
function buildWithRenderer(renderer: string): { dist: string; remove(): void } {
  const build = mkdtempSync(path.join(tmpdir(), "pb-web-build-"));
  cpSync(WEB_DIST, path.join(build, "dist"), { recursive: true });
  cpSync(path.join(WEB, "dist-server"), path.join(build, "dist-server"), { recursive: true });
  writeFileSync(path.join(build, "dist-server/entry-server.js"), `${renderer}\n`);
  // As beside apps/web's own build: the renderer is an ES module (without this, Node loads it as CommonJS
  // and fails, and every render 'fails' whatever the renderer does).
  writeFileSync(path.join(build, "package.json"), JSON.stringify({ type: "module" }));
  return { dist: path.join(build, "dist"), remove: () => rmSync(build, { recursive: true, force: true }) };
}

/** The app's own index.html as the server sends it not server-rendered: naming the Pi network it runs on. */
const shellPage = (t: TestServer) =>
  withPageSettings(readFileSync(path.join(WEB_DIST, "index.html"), "utf8"), {
    piNetwork: t.config.pi.sandbox ? "sandbox" : "mainnet",
    ads: t.config.ads,
  });

const NEVER_ANSWERS = "export function renderFirstScreen() { return new Promise(() => {}); }";

describe.each([
  ["fails", "export async function renderFirstScreen() { throw new Error('renderer broken'); }"],
  ["takes too long", NEVER_ANSWERS],
])("a page whose render %s", (kind, renderer) => {
  let t: TestServer;
  let build: ReturnType<typeof buildWithRenderer>;
  // The production limit; the start-up render is not waited for long (it never responds here).
  const rendering: PageRendering = { timeoutMs: DEFAULT_PAGE_RENDERING.timeoutMs, warmUpMs: 300 };
  beforeAll(async () => {
    build = buildWithRenderer(renderer);
    t = await startTestServer("pglite", { webDist: build.dist, pageRendering: rendering });
  });
  afterAll(async () => {
    await t?.close();
    build?.remove();
  });

  it("is sent as the app's own index.html, which the browser renders", async () => {
    const res = await fetch(`${t.url}/playlist/discover-weekly`);
    expect(res.status).toBe(200);
    expect(res.headers.get("cache-control")).toBe("no-cache");
    const html = await res.text();
    // The app's own index.html, with the shared playlist's title and Open Graph in its head (open-graph.ts).
    const withoutHead = (page: string) => page.replace(/<title>[^<]*<\/title>(<meta [^>]*>)*/, "");
    expect(withoutHead(html)).toBe(withoutHead(shellPage(t)));
    expect(html).toContain('<meta property="og:title" content="Discover Weekly">');
    expect(html).toContain(`<script type="module" crossorigin src="/${manifest["index.html"]!.file}">`);
  });

  it.runIf(kind === "takes too long")(
    `sends pages not server-rendered at once while ${MAX_CONCURRENT_RENDERS} renders are under way`,
    async () => {
      // Different pages: first visits of the same page would share one render.
      const stuck = Array.from({ length: MAX_CONCURRENT_RENDERS }, (_, i) => fetch(`${t.url}/?visit=${i}`));
      await new Promise((resolve) => setTimeout(resolve, 200));
      const started = Date.now();
      const res = await fetch(`${t.url}/`);
      expect(await res.text()).toBe(shellPage(t));
      // Long before the stuck renders give up.
      expect(Date.now() - started).toBeLessThan(rendering.timeoutMs / 2);
      await Promise.all(stuck);
    },
  );
});

describe("a server starting with a server renderer", () => {
  it("reports ready on /readyz only once the renderer has rendered its first page", async () => {
    // A renderer that responds once the test creates a file: until then the start-up render waits.
    const release = path.join(mkdtempSync(path.join(tmpdir(), "pb-release-")), "go");
    const build = buildWithRenderer(`
      import { existsSync } from "node:fs";
      export function renderFirstScreen() {
        return new Promise((resolve) => {
          const timer = setInterval(() => {
            if (!existsSync(${JSON.stringify(release)})) return;
            clearInterval(timer);
            resolve({ html: "<p>server-rendered</p>", stateScript: "", screens: ["src/pages/HomePage.tsx"] });
          }, 20);
        });
      }`);
    const port = await freePort();
    // Over the seeded snapshot: what is waited for here is the renderer, not the seed (the seed-media tests).
    const { server } = await createTestServer(
      "pglite",
      { webDist: build.dist, port, pageRendering: { timeoutMs: 60_000, warmUpMs: 60_000 } },
      { seeded: true },
    );
    try {
      const starting = server.start();
      const readyz = () => fetch(`http://127.0.0.1:${port}/readyz`).catch(() => null);
      let res = await readyz();
      // Until it listens; a refused connection comes back at once, and the server starts in this process.
      while (!res) {
        await new Promise((resolve) => setTimeout(resolve, 20));
        res = await readyz();
      }
      expect(res.status).toBe(503);
      expect(await res.json()).toMatchObject({ status: "starting" });

      writeFileSync(release, "");
      await starting;
      expect((await readyz())?.status).toBe(200);
      // Home was server-rendered at start and is kept for first visits.
      expect(await (await fetch(`http://127.0.0.1:${port}/`)).text()).toContain("<p>server-rendered</p>");
    } finally {
      await server.stop();
      build.remove();
    }
  });
});

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createNetServer();
    probe.listen(0, "127.0.0.1", () => {
      const address = probe.address();
      probe.close(() => (typeof address === "object" && address ? resolve(address.port) : reject()));
    });
  });
}
