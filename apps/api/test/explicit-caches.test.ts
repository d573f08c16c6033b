// Explicit caches: every cache belongs to one server (createServer makes it), a per-caller
// procedure's GET is never answered by URL to another caller, and the procedures' meta decides which
// writes empty the catalog cache (a catalog write through REST or tRPC does; a like or a play does not).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import Fastify from "fastify";
import type { Context, PlaylistDetailDto, PlaylistDto, Services, SongDto } from "@purplebeats/contracts";
import { testBackends } from "@purplebeats/db/testing";
import { registerRestRoutes, type RestCaches } from "../src/web/rest/register.js";
import { route } from "../src/web/rest/route-table.js";
import { UrlCache } from "../src/web/rest/url-cache.js";
import { CatalogCaches } from "../src/infra/cache/catalog-cache.js";
import { Client, startTestServer, type TestServer } from "./helpers/server.js";

describe("the REST URL cache's rule", () => {
  /** A server with one route named after `procedure`, whose response comes from the catalog cache. */
  async function serverWith(procedure: "songs.list" | "likedSongs.list") {
    const caches: RestCaches = { catalog: new CatalogCaches(), byUrl: new UrlCache() };
    const app = Fastify();
    let calls = 0;
    const context: Context = {
      services: {} as Services,
      user: null,
      session: { start: async () => {}, end: async () => {} },
      adminToken: null,
      clientIp: "127.0.0.1",
      origin: "http://localhost",
    };
    const handler = route("GET", "/api/x", "a cached read", procedure, async () => {
      calls++;
      // Not marked perCaller: only the procedure's meta keeps it from other callers.
      return caches.catalog.catalog.get("x", { ttl: 60_000, load: async () => ({ value: 1 }) });
    });
    registerRestRoutes(app, [handler], async () => context, caches);
    return { app, caches, calls: () => calls };
  }

  it("answers a shared procedure's GET by URL", async () => {
    const s = await serverWith("songs.list");
    for (let i = 0; i < 3; i++) expect((await s.app.inject({ url: "/api/x" })).json()).toEqual({ value: 1 });
    expect(s.calls()).toBe(1);
    expect(s.caches.byUrl.counts.hits).toBe(2);
  });

  it("calls a per-caller procedure on every GET, even when its response was cached", async () => {
    const s = await serverWith("likedSongs.list");
    for (let i = 0; i < 3; i++) expect((await s.app.inject({ url: "/api/x" })).statusCode).toBe(200);
    expect(s.calls()).toBe(3);
    expect(s.caches.byUrl.counts.hits).toBe(0);
  });
});

describe.each(testBackends())("explicit caches on %s", (kind) => {
  let t: TestServer;
  let other: TestServer;
  let owner: Client;
  let ownerId: string;
  let stranger: Client;
  let songs: SongDto[];

  beforeAll(async () => {
    [t, other] = await Promise.all([startTestServer(kind), startTestServer(kind)]);
    owner = new Client(t.url);
    ownerId = (await owner.signInWithPi(`caches-owner-${kind}`)).uid;
    stranger = new Client(t.url);
    await stranger.signInWithPi(`caches-stranger-${kind}`);
    await t.server.db.dataSource.query(
      `INSERT INTO memberships (user_id, is_premium, expires_at) VALUES ($1, true, now() + interval '30 days')`,
      [ownerId],
    );
    songs = (await owner.get<SongDto[]>("/api/songs?limit=3")).body;
  }, 180_000);
  afterAll(async () => {
    await other?.close();
    await t?.close();
  });

  const catalogEntries = (s: TestServer) => s.server.caches.catalog.catalog.size.entries;

  it("gives each server in the process its own caches", async () => {
    expect(t.server.caches.catalog).not.toBe(other.server.caches.catalog);
    expect(t.server.caches.byUrl).not.toBe(other.server.caches.byUrl);
    const anonymous = new Client(other.url);
    await anonymous.get("/api/songs");
    await anonymous.get("/api/songs");
    expect(catalogEntries(other)).toBeGreaterThan(0);
    const hitsHere = t.server.caches.byUrl.counts.hits;
    // A catalog write on the first server empties its own cache only.
    expect((await owner.post("/api/playlists", { name: "Not shared" })).status).toBe(201);
    expect(catalogEntries(other)).toBeGreaterThan(0);
    expect(other.server.caches.byUrl.counts.hits).toBe(1);
    expect(t.server.caches.byUrl.counts.hits).toBe(hitsHere);
  });

  it("never answers a per-caller GET by URL to another caller", async () => {
    const created = await owner.post<PlaylistDto>("/api/playlists", { name: "Private", isPublic: false });
    expect(created.status).toBe(201);
    const id = created.body.id;
    expect((await owner.post(`/api/playlists/${id}/songs`, { songId: songs[0]!.id })).status).toBe(201);
    const hits = t.server.caches.byUrl.counts.hits;
    for (let i = 0; i < 2; i++) {
      const read = await owner.get<PlaylistDetailDto>(`/api/playlists/${id}`);
      expect(read.status).toBe(200);
      expect(read.body.songs.map((s) => s.id)).toEqual([songs[0]!.id]);
      expect((await owner.get<PlaylistDto[]>(`/api/playlists/user/${ownerId}`)).status).toBe(200);
    }
    expect((await stranger.get(`/api/playlists/${id}`)).status).toBe(404);
    expect((await stranger.get(`/api/playlists/user/${ownerId}`)).status).toBe(403);
    expect((await new Client(t.url).get(`/api/playlists/${id}`)).status).toBe(404);
    expect(t.server.caches.byUrl.counts.hits).toBe(hits);
  });

  /** Fills the catalog cache and the URL cache with the first page of songs. */
  async function warm() {
    await new Client(t.url).get("/api/songs");
    expect((await new Client(t.url).get("/api/songs")).status).toBe(200);
    expect(catalogEntries(t)).toBeGreaterThan(0);
  }

  it("empties the catalog cache after a catalog write through REST and through tRPC", async () => {
    await warm();
    expect((await owner.post("/api/playlists", { name: "Through REST" })).status).toBe(201);
    expect(catalogEntries(t)).toBe(0);

    await warm();
    const trpc = await owner.post("/trpc/myPlaylists.create", { json: { name: "Through tRPC" } });
    expect(trpc.status).toBe(200);
    expect(catalogEntries(t)).toBe(0);
  });

  it("keeps it after a neutral write: a like or a play, through REST and through tRPC", async () => {
    const [a, b] = songs.map((s) => s.id);
    await warm();
    const entries = catalogEntries(t);
    expect((await owner.post("/api/liked-songs", { songId: a })).status).toBe(200);
    expect((await owner.post(`/api/songs/${a}/plays`)).status).toBe(201);
    expect((await owner.post("/trpc/likedSongs.like", { json: { songId: b } })).status).toBe(200);
    expect((await owner.post("/trpc/songs.recordPlay", { json: { songId: b } })).status).toBe(200);
    expect(catalogEntries(t)).toBeGreaterThanOrEqual(entries - 1); // a play may expire trending, not songs
    const hits = t.server.caches.byUrl.counts.hits;
    expect((await new Client(t.url).get("/api/songs")).status).toBe(200);
    expect(t.server.caches.byUrl.counts.hits).toBe(hits + 1);
  });
});
