import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { testBackends } from "@purplebeats/db/testing";
import type { PlaylistDetailDto, SearchResultDto, SongDto, PlaylistDto } from "@purplebeats/contracts";
import { Client, getJson, startTestServer, type TestServer } from "./helpers/server.js";

const backends = testBackends("the catalog's SQL on the server's PostgreSQL version");
describe.each(backends)("catalog API on %s", (kind) => {
  let t: TestServer;
  beforeAll(async () => {
    t = await startTestServer(kind);
  });
  afterAll(async () => {
    await t?.close();
  });

  const api = (path: string, init?: RequestInit) => getJson(`${t.url}${path}`, init);

  it("lists songs newest first as a JSON array with artist and album, paged by X-Next-Cursor", async () => {
    const first = await api("/api/songs?limit=10");
    expect(first.status).toBe(200);
    const songs = first.body as SongDto[];
    expect(songs).toHaveLength(10);
    const song = songs[0]!;
    expect(song).toMatchObject({
      id: expect.any(String),
      title: expect.any(String),
      duration: expect.any(Number),
    });
    // The stream route, under the song's rules (a seed clip's own path is never handed out).
    expect(song.audioUrl).toBe(`/api/songs/${song.id}/stream?quality=standard`);
    expect(song.artist?.name).toEqual(expect.any(String));
    expect(song).toHaveProperty("album.imageUrl");
    const dates = songs.map((s) => s.createdAt);
    expect([...dates].sort().reverse()).toEqual(dates);

    const cursor = first.headers.get("x-next-cursor");
    expect(cursor).toBeTruthy();
    const second = await api(`/api/songs?limit=10&cursor=${cursor}`);
    const secondIds = (second.body as SongDto[]).map((s) => s.id);
    expect(secondIds).toHaveLength(10);
    expect(secondIds.some((id) => songs.some((s) => s.id === id))).toBe(false);

    // Walking every page reaches the whole catalog exactly once and ends without a cursor.
    const seen = new Set<string>();
    let next: string | null = "";
    while (next !== null) {
      const page = await api(`/api/songs?limit=25${next ? `&cursor=${next}` : ""}`);
      for (const s of page.body as SongDto[]) seen.add(s.id);
      next = page.headers.get("x-next-cursor");
    }
    expect(seen.size).toBeGreaterThanOrEqual(40);
  });

  it("refuses bad paging input with a clear 400", async () => {
    for (const [path, message] of [
      ["/api/songs?limit=-1", "limit must be at least 1"],
      ["/api/songs?limit=100000", "limit must be at most 100"],
      ["/api/songs?limit=abc", "limit"],
      ["/api/songs?cursor=%%%", "Invalid cursor"],
      ["/api/songs?cursor=bm90LWpzb24", "Invalid cursor"],
      ["/api/songs/trending?cursor=WyJ4Il0", "Invalid cursor"],
      [`/api/songs/search?q=${"a".repeat(10_000)}`, "q must be at most 200 characters"],
      ["/api/songs/search", "q"],
      ["/api/search?q=%20%20", "q must not be empty"],
    ] as const) {
      const res = await api(path);
      expect(res.status, path).toBe(400);
      expect((res.body as { message: string }).message, path).toContain(message);
    }
  });

  it("answers trending, genres, songs of a genre (URL-decoded) and recently played", async () => {
    const trending = await api("/api/songs/trending?limit=5");
    expect(trending.status).toBe(200);
    expect(trending.body).toHaveLength(5);

    const genres = (await api("/api/songs/genres")).body as string[];
    expect(genres.length).toBeGreaterThanOrEqual(6);
    const genre = genres.find((g) => /[^A-Za-z]/.test(g)) ?? genres[0]!;
    const byGenre = await api(`/api/songs/genre/${encodeURIComponent(genre)}`);
    expect(byGenre.status).toBe(200);
    expect((byGenre.body as SongDto[]).length).toBeGreaterThan(0);
    expect((byGenre.body as SongDto[]).every((s) => s.genre === genre)).toBe(true);
    expect((await api("/api/songs/genre/NoSuchGenre")).body).toEqual([]);

    const played = (trending.body as SongDto[])[4]!;
    const listener = new Client(t.url);
    await listener.asGuest();
    const record = await listener.post(`/api/songs/${played.id}/plays`);
    expect(record.status).toBe(201);
    const recent = (await listener.get<SongDto[]>("/api/songs/recently-played")).body;
    expect(recent[0]?.id).toBe(played.id);
    expect(recent[0]?.playCount).toBe(played.playCount + 1);
    expect((await api("/api/songs/recently-played")).body).toContainEqual(
      expect.objectContaining({ id: played.id }),
    );
    expect((await listener.post(`/api/songs/00000000-0000-4000-8000-000000000000/plays`)).status).toBe(404);
    expect((await listener.post(`/api/songs/not-a-uuid/plays`)).status).toBe(400);
  });

  it("searches by exact title, prefix and with a typo, ranking the intended song first", async () => {
    const songs = (await api("/api/songs?limit=100")).body as SongDto[];
    const target = songs.find((s) => s.title.split(" ").some((w) => w.length >= 6))!;
    const exact = (await api(`/api/songs/search?q=${encodeURIComponent(target.title)}`)).body as SongDto[];
    expect(exact[0]?.id).toBe(target.id);

    const longWord = target.title.split(" ").find((w) => w.length >= 6)!;
    const prefix = (await api(`/api/songs/search?q=${encodeURIComponent(longWord.slice(0, 4))}`))
      .body as SongDto[];
    expect(prefix.map((s) => s.id)).toContain(target.id);

    // Swap two inner letters: 'Midnight' → 'Midngiht'.
    const typo = longWord.slice(0, 2) + longWord[3] + longWord[2] + longWord.slice(4);
    const fuzzy = (await api(`/api/songs/search?q=${encodeURIComponent(typo)}`)).body as SongDto[];
    expect(fuzzy.slice(0, 5).map((s) => s.id)).toContain(target.id);

    const all = (await api(`/api/search?q=${encodeURIComponent(longWord)}`)).body as SearchResultDto;
    expect(all.songs.map((s) => s.id)).toContain(target.id);
    expect(Array.isArray(all.playlists) && Array.isArray(all.artists)).toBe(true);

    const artistName = target.artist!.name;
    const byArtist = (await api(`/api/search?q=${encodeURIComponent(artistName)}`)).body as SearchResultDto;
    expect(byArtist.artists[0]?.name).toBe(artistName);
    expect(byArtist.songs.length).toBeGreaterThan(0);

    const wildcard = (await api(`/api/songs/search?q=${encodeURIComponent("%_%")}`)).body as SongDto[];
    expect(wildcard).toEqual([]);
  });

  it("lists playlists and answers a playlist with its ordered songs", async () => {
    const playlists = (await api("/api/playlists")).body as PlaylistDto[];
    expect(playlists.map((p) => p.id)).toEqual(
      expect.arrayContaining([
        "discover-weekly",
        "daily-mix-1",
        "chill-ambient",
        "electronic-energy",
        "purple-vibes",
      ]),
    );
    const detail = await api("/api/playlists/discover-weekly");
    expect(detail.status).toBe(200);
    const playlist = detail.body as PlaylistDetailDto;
    expect(playlist.songs.length).toBe(playlist.songCount);
    expect(playlist.songs.map((s) => s.position)).toEqual(playlist.songs.map((_, i) => i + 1));
    expect(playlist.songs[0]?.artist?.name).toEqual(expect.any(String));

    const missing = await api("/api/playlists/no-such-playlist");
    expect(missing.status).toBe(404);
    expect(missing.body).toEqual({
      error: "Not Found",
      message: "Playlist not found",
      code: "playlistNotFound",
    });
    expect((await api("/api/playlists/bad%20id")).status).toBe(400);
  });

  it("answers unknown API paths with a JSON 404 and describes itself as OpenAPI 3", async () => {
    const res = await api("/api/nope");
    expect(res.status).toBe(404);
    expect(res.body).toMatchObject({ error: "Not Found" });
    const doc = (await api("/api/openapi.json")).body as { openapi: string; paths: Record<string, unknown> };
    expect(doc.openapi).toMatch(/^3\./);
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining(["/api/songs", "/api/playlists/{id}", "/api/search"]),
    );
  });

  it("serves audio with ranges, HEAD, caching headers and 416", async () => {
    const song = ((await api("/api/songs?limit=1")).body as SongDto[])[0]!;
    const url = `${t.url}${song.audioUrl}`;
    // The player's request: a session's cookie (the web app starts a guest one).
    const listener = new Client(t.url);
    await listener.asGuest();
    const fetch = (target: string, init: RequestInit = {}) =>
      globalThis.fetch(target, {
        ...init,
        headers: { ...(init.headers as Record<string, string>), cookie: listener.cookie },
      });

    const head = await fetch(url, { method: "HEAD" });
    expect(head.status).toBe(200);
    expect(head.headers.get("content-type")).toBe("audio/mpeg");
    expect(head.headers.get("accept-ranges")).toBe("bytes");
    expect(head.headers.get("etag")).toBeTruthy();
    expect(head.headers.get("last-modified")).toBeTruthy();
    expect(head.headers.get("cache-control")).toContain("max-age");
    const size = Number(head.headers.get("content-length"));
    expect(size).toBeGreaterThan(100_000);

    const probe = await fetch(url, { headers: { Range: "bytes=0-1" } });
    expect(probe.status).toBe(206);
    expect(probe.headers.get("content-range")).toBe(`bytes 0-1/${size}`);
    expect((await probe.arrayBuffer()).byteLength).toBe(2);

    const tail = await fetch(url, { headers: { Range: `bytes=${size - 100}-` } });
    expect(tail.status).toBe(206);
    expect((await tail.arrayBuffer()).byteLength).toBe(100);

    const beyond = await fetch(url, { headers: { Range: `bytes=${size + 10}-${size + 20}` } });
    expect(beyond.status).toBe(416);
    expect(beyond.headers.get("content-range")).toBe(`bytes */${size}`);

    const etag = head.headers.get("etag")!;
    expect(
      (await fetch(url, { headers: { "If-None-Match": etag, "Cache-Control": "max-age=0" } })).status,
    ).toBe(304);

    expect((await fetch(`${t.url}/media/audio/missing.mp3`)).status).toBe(404);
    // A clip's own file is no way round the stream's rules.
    const [row] = await t.server.db.dataSource.query<Array<{ audio_url: string }>>(
      `SELECT audio_url FROM songs WHERE id = $1`,
      [song.id],
    );
    expect((await fetch(`${t.url}${row!.audio_url}`)).status).toBe(404);
    expect((await fetch(`${t.url}/media/../package.json`)).status).toBe(404);
    expect((await fetch(`${t.url}/media/%2e%2e/%2e%2e/package.json`)).status).not.toBe(200);

    const cover = await fetch(`${t.url}${song.imageUrl}`);
    expect(cover.status).toBe(200);
    expect(cover.headers.get("content-type")).toContain("image/webp");
  });

  it("answers the same data over tRPC", async () => {
    const res = await api(
      `/trpc/songs.list?input=${encodeURIComponent(JSON.stringify({ json: { limit: 3 } }))}`,
    );
    expect(res.status).toBe(200);
    const data = (res.body as { result: { data: { json: { items: SongDto[]; nextCursor: string } } } }).result
      .data.json;
    expect(data.items).toHaveLength(3);
    expect(data.nextCursor).toEqual(expect.any(String));
  });
});
