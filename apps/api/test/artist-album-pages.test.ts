// The artist and album pages' reads over HTTP: an artist's most played songs, its
// albums newest first and the compilations it appears on; an album with its tracks in disc and track
// order; hidden songs never shown, members-only songs marked; 404 for what does not exist, 400 for bad ids.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { testBackends } from "@purplebeats/db/testing";
import type { AlbumDto, ArtistRef, SongDto } from "@purplebeats/contracts";
import { Client, getJson, startTestServer, type TestServer } from "./helpers/server.js";

describe.each(testBackends())("artist and album pages on %s", (kind) => {
  let t: TestServer;
  let artist: ArtistRef;
  let artistSongs: SongDto[];
  beforeAll(async () => {
    t = await startTestServer(kind);
    // An artist of the seed, and all its songs (the catalog walked page by page).
    const all: SongDto[] = [];
    let cursor: string | null = "";
    while (cursor !== null) {
      const page = await api(`/api/songs?limit=100${cursor ? `&cursor=${cursor}` : ""}`);
      all.push(...(page.body as SongDto[]));
      cursor = page.headers.get("x-next-cursor");
    }
    artist = all[0]!.artist!;
    artistSongs = all.filter((s) => s.artistId === artist.id);
  });
  afterAll(async () => {
    await t?.close();
  });

  const api = (path: string) => getJson(`${t.url}${path}`);
  const list = async <T>(path: string) => {
    const res = await api(path);
    expect(res.status, path).toBe(200);
    return res.body as T[];
  };
  const sql = (text: string, params: unknown[] = []) => t.server.db.dataSource.query(text, params);
  const playAs = async (songId: string) => {
    const guest = new Client(t.url);
    await guest.asGuest();
    expect((await guest.post(`/api/songs/${songId}/plays`)).status).toBe(201);
  };

  it("shows the artist's most played songs first: distinct listeners, then plays, and pages them", async () => {
    expect(artistSongs.length).toBeGreaterThanOrEqual(3);
    const [a, b] = artistSongs.slice(-2);
    await playAs(a!.id);
    await playAs(a!.id);
    await playAs(b!.id);
    const top = await list<SongDto>(`/api/artists/${artist.id}/top-songs?limit=50`);
    expect(top.slice(0, 2).map((s) => s.id)).toEqual([a!.id, b!.id]);
    expect(new Set(top.map((s) => s.id))).toEqual(new Set(artistSongs.map((s) => s.id)));
    expect(top.every((s) => s.artist?.name === artist.name)).toBe(true);

    // Paged by X-Next-Cursor, one song at a time, to the same order.
    const walked: string[] = [];
    let cursor: string | null = "";
    while (cursor !== null) {
      const page = await api(
        `/api/artists/${artist.id}/top-songs?limit=1${cursor ? `&cursor=${cursor}` : ""}`,
      );
      walked.push(...(page.body as SongDto[]).map((s) => s.id));
      cursor = page.headers.get("x-next-cursor");
    }
    expect(walked).toEqual(top.map((s) => s.id));
    // A catalog artist no one has claimed: not verified.
    expect((await api(`/api/artists/${artist.id}`)).body).toEqual({ ...artist, verified: false });
  });

  it("lists the artist's albums newest first, with their song count and length, paged", async () => {
    const albums = await list<AlbumDto>(`/api/artists/${artist.id}/albums`);
    expect(albums.length).toBeGreaterThanOrEqual(2);
    const dates = albums.map((a) => a.releaseDate ?? "");
    expect([...dates].sort().reverse()).toEqual(dates);
    for (const album of albums) {
      const own = artistSongs.filter((s) => s.albumId === album.id);
      expect(album.artist?.id).toBe(artist.id);
      expect(album.songCount).toBe(own.length);
      expect(album.duration).toBe(own.reduce((sum, s) => sum + s.duration, 0));
      expect(album.year).toBe(Number(album.releaseDate!.slice(0, 4)));
    }
    const first = await api(`/api/artists/${artist.id}/albums?limit=1`);
    expect((first.body as AlbumDto[]).map((a) => a.id)).toEqual([albums[0]!.id]);
    const next = first.headers.get("x-next-cursor");
    const second = await list<AlbumDto>(`/api/artists/${artist.id}/albums?limit=1&cursor=${next}`);
    expect(second.map((a) => a.id)).toEqual([albums[1]!.id]);
  });

  it("shows an album with its tracks in disc and track order, without hidden songs", async () => {
    const albums = await list<AlbumDto>(`/api/artists/${artist.id}/albums`);
    const album = albums.reduce((most, a) => (a.songCount > most.songCount ? a : most));
    expect(album.songCount).toBeGreaterThanOrEqual(2);
    const res = await api(`/api/albums/${album.id}`);
    expect(res.status).toBe(200);
    expect(res.body).toEqual(album);
    const ids = artistSongs.filter((s) => s.albumId === album!.id);
    // A second disc's first track comes after every track of the first.
    const onDisc2 = ids[0]!;
    await sql(`UPDATE songs SET disc_number = CASE WHEN id = $1 THEN 2 ELSE 1 END WHERE album_id = $2`, [
      onDisc2.id,
      album!.id,
    ]);
    const tracks = await list<SongDto>(`/api/albums/${album!.id}/songs`);
    expect(tracks).toHaveLength(ids.length);
    const firstDisc = tracks.slice(0, -1).map((s) => s.trackNumber ?? 0);
    expect([...firstDisc].sort((x, y) => x - y)).toEqual(firstDisc);
    expect(tracks.at(-1)!.id).toBe(onDisc2.id);

    // A hidden song leaves the album, its count and length, and the artist's popular songs.
    const hidden = tracks[0]!;
    await sql(`UPDATE songs SET hidden = true WHERE id = $1`, [hidden.id]);
    const after = (await api(`/api/albums/${album!.id}`)).body as AlbumDto;
    expect(after.songCount).toBe(album!.songCount - 1);
    expect(after.duration).toBe(album!.duration - hidden.duration);
    expect((await list<SongDto>(`/api/albums/${album!.id}/songs`)).map((s) => s.id)).not.toContain(hidden.id);
    expect((await list<SongDto>(`/api/artists/${artist.id}/top-songs`)).map((s) => s.id)).not.toContain(
      hidden.id,
    );
    // Members-only albums are listed, their songs marked.
    await sql(`UPDATE albums SET members_only = true WHERE id = $1`, [album!.id]);
    const locked = await list<SongDto>(`/api/albums/${album!.id}/songs`);
    expect(locked.every((s) => s.membersOnly === true)).toBe(true);
    expect(((await api(`/api/albums/${album!.id}`)).body as AlbumDto).membersOnly).toBe(true);
    await sql(`UPDATE songs SET hidden = false WHERE id = $1`, [hidden.id]);
    await sql(`UPDATE albums SET members_only = false WHERE id = $1`, [album!.id]);
  });

  it("shows a compilation under 'Appears on', not among the artist's own albums", async () => {
    const [various] = (await sql(
      `INSERT INTO artists (name) VALUES ('Various Artists') RETURNING id`,
    )) as Array<{
      id: string;
    }>;
    const [mix] = (await sql(
      `INSERT INTO albums (title, artist_id, compilation, year) VALUES ('Summer Mix', $1, true, 2031) RETURNING id`,
      [various!.id],
    )) as Array<{ id: string }>;
    const song = artistSongs[0]!;
    await sql(`UPDATE songs SET album_id = $1 WHERE id = $2`, [mix!.id, song.id]);

    const appearsOn = await list<AlbumDto>(`/api/artists/${artist.id}/appears-on`);
    expect(appearsOn).toEqual([
      expect.objectContaining({
        id: mix!.id,
        title: "Summer Mix",
        compilation: true,
        year: 2031,
        songCount: 1,
        artist: expect.objectContaining({ name: "Various Artists" }),
      }),
    ]);
    expect((await list<AlbumDto>(`/api/artists/${artist.id}/albums`)).map((a) => a.id)).not.toContain(
      mix!.id,
    );
    expect((await list<SongDto>(`/api/albums/${mix!.id}/songs`)).map((s) => s.artist?.name)).toEqual([
      artist.name,
    ]);
    await sql(`UPDATE songs SET album_id = $1 WHERE id = $2`, [song.albumId, song.id]);
    // With no song left on it, the compilation is shown nowhere.
    expect(await list<AlbumDto>(`/api/artists/${artist.id}/appears-on`)).toEqual([]);
    expect((await api(`/api/albums/${mix!.id}`)).status).toBe(404);
  });

  it("answers 404 for an artist or album that does not exist and 400 for a bad id", async () => {
    const missing = "00000000-0000-4000-8000-000000000000";
    for (const path of ["", "/top-songs", "/albums", "/appears-on"]) {
      const res = await api(`/api/artists/${missing}${path}`);
      expect(res.status, path).toBe(404);
      expect(res.body).toEqual({ error: "Not Found", message: "Artist not found", code: "artistNotFound" });
      const bad = await api(`/api/artists/not-an-id${path}`);
      expect(bad.status, path).toBe(400);
      expect((bad.body as { message: string }).message).toContain("artist id must be a valid id");
    }
    for (const path of ["", "/songs"]) {
      const res = await api(`/api/albums/${missing}${path}`);
      expect(res.status, path).toBe(404);
      expect(res.body).toEqual({ error: "Not Found", message: "Album not found", code: "albumNotFound" });
      expect((await api(`/api/albums/1%27%20OR%201=1${path}`)).status).toBe(400);
    }
    expect((await api(`/api/artists/${artist.id}/albums?limit=500`)).status).toBe(400);
    expect((await api(`/api/artists/${artist.id}/albums?cursor=WyJ4Il0`)).status).toBe(400);
    expect((await api(`/api/albums/${missing}/songs?cursor=WyJ4Il0`)).status).toBe(400);
  });

  it("describes the paths in OpenAPI and answers the same over tRPC", async () => {
    const doc = (await api("/api/openapi.json")).body as { paths: Record<string, unknown> };
    for (const path of [
      "/api/artists/{id}/top-songs",
      "/api/artists/{id}/albums",
      "/api/artists/{id}/appears-on",
      "/api/albums/{id}",
      "/api/albums/{id}/songs",
    ])
      expect(doc.paths, path).toHaveProperty([path, "get"]);
    const [album] = await list<AlbumDto>(`/api/artists/${artist.id}/albums?limit=1`);
    const input = encodeURIComponent(JSON.stringify({ json: { id: album!.id } }));
    const res = await api(`/trpc/albums.byId?input=${input}`);
    expect((res.body as { result: { data: { json: AlbumDto } } }).result.data.json.title).toBe(album!.title);
  });
});
