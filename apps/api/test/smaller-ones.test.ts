// Per-user responses are never cached by anyone, playlist covers and the image policy name
// only our own pictures, and names made of invisible characters are blank.
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { testBackends } from "@purplebeats/db/testing";
import type { PlaylistDto } from "@purplebeats/contracts";
import { Client, startTestServer, type TestServer } from "./helpers/server.js";
import { premiumListener } from "./helpers/pi-sim.js";

type ErrorBody = { error: string; message: string };

describe.each(testBackends())("smaller weaknesses on %s", (kind) => {
  let t: TestServer;
  let c: Client;
  let uid: string;
  beforeAll(async () => {
    t = await startTestServer(kind);
    c = new Client(t.url);
    uid = (await premiumListener(c, `smaller-${kind}`)).uid;
  }, 60_000);
  afterAll(async () => {
    await t?.close();
  });

  it("tells every cache that per-user responses are private and not to be stored", async () => {
    const { id } = (await c.post<PlaylistDto>("/api/playlists", { name: "Mine" })).body;
    for (const path of [
      "/api/me",
      `/api/membership/${uid}`,
      `/api/profile/${uid}`,
      "/api/liked-songs",
      "/api/liked-songs/count",
      `/api/liked-playlists/${uid}`,
      `/api/library-playlists/${uid}`,
      `/api/playlists/user/${uid}`,
      `/api/playlists/${id}`,
      "/trpc/auth.me",
    ]) {
      const res = await c.get(path);
      expect(res.status, path).toBe(200);
      expect(res.headers.get("cache-control"), path).toBe("private, no-store");
    }
  });

  it("takes a playlist cover only from our own pictures (/objects, /media), never another host", async () => {
    for (const imageUrl of [
      "https://tracker.example.com/pixel.png",
      "http://10.0.0.1/x.png",
      "//evil.example/x.png",
    ]) {
      const res = await c.post<ErrorBody>("/api/playlists", { name: "Cover", imageUrl });
      expect(res.status, imageUrl).toBe(400);
      expect(res.body.message, imageUrl).toMatch(/imageUrl must be/);
    }
    const ours = await c.post<PlaylistDto>("/api/playlists", {
      name: "Seed cover",
      imageUrl: "/media/covers/neon-dreams.svg",
    });
    expect(ours.status).toBe(201);
    expect(ours.body.imageUrl).toBe("/media/covers/neon-dreams.svg");
    const rename = await c.put<ErrorBody>(`/api/playlists/${ours.body.id}`, {
      imageUrl: "https://tracker.example.com/pixel.png",
    });
    expect(rename.status).toBe(400);
  });

  it("lets pages show images only from our origin and the bucket", async () => {
    const csp = (await c.get("/api/me")).headers.get("content-security-policy") ?? "";
    const imgSrc = csp.split(";").find((d) => d.trim().startsWith("img-src"))!;
    expect(imgSrc.trim().split(/\s+/).sort()).toEqual(["'self'", "blob:", "data:", "img-src"].sort());
  });

  it("counts a name made only of invisible characters as blank", async () => {
    for (const name of ["\u200B", "\u2060\u200B", " \uFEFF ", "\u200E\u200F", "\u3164", "\u00AD"]) {
      const playlist = await c.post<ErrorBody>("/api/playlists", { name });
      expect(playlist.status, JSON.stringify(name)).toBe(400);
      expect(playlist.body.message).toContain("Playlist name is required");
      const profile = await c.put<ErrorBody>(`/api/profile/${uid}`, { name });
      expect(profile.status, JSON.stringify(name)).toBe(400);
      expect(profile.body.message).toContain("Name is required");
    }
    // A name with visible letters keeps its joiners (emoji sequences need them).
    const family = "Fam \u{1F468}\u200D\u{1F469}\u200D\u{1F467}";
    const kept = await c.post<PlaylistDto>("/api/playlists", { name: family });
    expect(kept.status).toBe(201);
    expect(kept.body.name).toBe(family);
  });
});

/**
 * A web build whose server renderer writes down every page it renders (the real renderer renders the same way,
 * through page-worker.ts): what a HEAD request costs is visible in that list.
 */
function recordingWebBuild() {
  const root = mkdtempSync(path.join(tmpdir(), "pb-web-"));
  const dist = path.join(root, "dist");
  const rendered = path.join(root, "rendered.txt");
  mkdirSync(path.join(dist, ".vite"), { recursive: true });
  mkdirSync(path.join(root, "dist-server"));
  writeFileSync(rendered, "");
  writeFileSync(
    path.join(dist, "index.html"),
    `<!doctype html><html><head><script type="module" crossorigin src="/assets/index.js"></script></head>` +
      `<body><div id="root"><!--app--><p>loading</p><!--/app--></div></body></html>`,
  );
  writeFileSync(
    path.join(dist, ".vite", "manifest.json"),
    JSON.stringify({ "index.html": { file: "assets/index.js" }, "src/boot.ts": { file: "assets/boot.js" } }),
  );
  writeFileSync(path.join(root, "dist-server", "package.json"), JSON.stringify({ type: "module" }));
  writeFileSync(
    path.join(root, "dist-server", "entry-server.js"),
    `import { appendFileSync } from "node:fs";
export async function renderFirstScreen(url) {
  appendFileSync(${JSON.stringify(rendered)}, url + "\\n");
  return { html: "<main>server-rendered</main>", stateScript: "", screens: [] };
}`,
  );
  return {
    dist,
    renderedPages: () => readFileSync(rendered, "utf8").split("\n").filter(Boolean),
    remove: () => rmSync(root, { recursive: true, force: true }),
  };
}

describe.each(testBackends())("HEAD requests for pages on %s", (kind) => {
  const web = recordingWebBuild();
  let t: TestServer;
  beforeAll(async () => {
    t = await startTestServer(kind, {
      webDist: web.dist,
      pageRendering: { timeoutMs: 30_000, warmUpMs: 30_000 },
    });
  }, 60_000);
  afterAll(async () => {
    await t?.close();
    web.remove();
  });

  it("answer with the page's headers and render nothing (a GET does render)", async () => {
    const c = new Client(t.url);
    await c.asGuest();
    const before = web.renderedPages().length; // the start-up render of Home
    for (const page of ["/search", "/library", "/playlist/discover-weekly"]) {
      const head = await fetch(`${t.url}${page}`, { method: "HEAD", headers: { cookie: c.cookie } });
      expect(head.status, page).toBe(200);
      expect(head.headers.get("content-type"), page).toMatch(/^text\/html/);
    }
    expect(web.renderedPages()).toHaveLength(before);
    const get = await fetch(`${t.url}/search`, { headers: { cookie: c.cookie } });
    expect(await get.text()).toContain("<main>server-rendered</main>");
    expect(web.renderedPages()).toEqual([...web.renderedPages().slice(0, before), "/search"]);
  });
});
