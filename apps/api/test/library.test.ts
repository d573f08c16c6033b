import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { testBackends } from "@purplebeats/db/testing";
import type {
  CopyPlaylistSongsDto,
  CountDto,
  LibraryPlaylistDto,
  LikedPlaylistDto,
  LikedSongDto,
  PlaylistDetailDto,
  PlaylistDto,
  PlaylistSongLinkDto,
  SongDto,
} from "@purplebeats/contracts";
import { Client, startTestServer, type TestServer } from "./helpers/server.js";

const PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==",
  "base64",
);
const UNKNOWN_SONG = "00000000-0000-4000-8000-000000000000";
const SYSTEM_PLAYLIST = "discover-weekly";

type ErrorBody = { error: string; message: string };
interface Listener {
  c: Client;
  uid: string;
}

describe.each(testBackends())("your music API on %s", (kind) => {
  let t: TestServer;
  let songs: SongDto[];
  // Sign-ins are rate limited per address, so the suite shares a few listeners.
  let owner: Listener; // premium
  let rival: Listener; // premium too, but not the owner of owner's playlists
  let free: Listener; // signed in, never paid
  let lapsed: Listener; // signed in, premium expired yesterday
  let guest: Listener;
  let anonymous: Client;

  const sql = <T = Record<string, unknown>>(text: string, params: unknown[] = []) =>
    t.server.db.dataSource.query(text, params) as Promise<T[]>;

  async function signIn(name: string, membership?: "active" | "expired"): Promise<Listener> {
    const c = new Client(t.url);
    const { uid } = await c.signInWithPi(`${name}-${kind}`);
    if (membership) {
      await sql(
        `INSERT INTO memberships (user_id, is_premium, expires_at) VALUES ($1, true, now() + $2::interval)`,
        [uid, membership === "active" ? "30 days" : "-1 day"],
      );
    }
    return { c, uid };
  }

  /** Every row this feature writes, to prove that refused requests wrote none. */
  const rowCounts = async () =>
    (
      await sql<Record<string, number>>(
        `SELECT (SELECT count(*) FROM liked_songs)::int AS liked_songs,
                (SELECT count(*) FROM liked_playlists)::int AS liked_playlists,
                (SELECT count(*) FROM library_playlists)::int AS library_playlists,
                (SELECT count(*) FROM playlists)::int AS playlists,
                (SELECT count(*) FROM playlist_songs)::int AS playlist_songs,
                (SELECT string_agg(id || ':' || name || ':' || song_count || ':' || coalesce(image_url, ''), ',' ORDER BY id)
                   FROM playlists) AS playlist_state`,
      )
    )[0]!;

  async function createPlaylist(who: Listener, name: string, extra: Record<string, unknown> = {}) {
    const res = await who.c.post<PlaylistDto>("/api/playlists", { name, ...extra });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return res.body;
  }
  async function addSongs(who: Listener, playlistId: string, count: number, from = 0) {
    for (const song of songs.slice(from, from + count)) {
      const res = await who.c.post(`/api/playlists/${playlistId}/songs`, { songId: song.id });
      expect(res.status, JSON.stringify(res.body)).toBe(201);
    }
  }
  const detail = async (playlistId: string) =>
    (await anonymous.get<PlaylistDetailDto>(`/api/playlists/${playlistId}`)).body;
  /** Positions straight from the table, in order. */
  const positions = async (playlistId: string) =>
    (
      await sql<{ position: number; song_id: string }>(
        `SELECT position, song_id FROM playlist_songs WHERE playlist_id = $1 ORDER BY position`,
        [playlistId],
      )
    ).map((r) => ({ position: Number(r.position), songId: r.song_id }));

  beforeAll(async () => {
    t = await startTestServer(kind);
    owner = await signIn("owner", "active");
    rival = await signIn("rival", "active");
    free = await signIn("free");
    lapsed = await signIn("lapsed", "expired");
    const g = new Client(t.url);
    guest = { c: g, uid: await g.asGuest() };
    anonymous = new Client(t.url);
    songs = (await anonymous.get<SongDto[]>("/api/songs?limit=100")).body;
    expect(songs.length).toBeGreaterThanOrEqual(30);
  });
  afterAll(async () => {
    await t?.close();
  });

  it("refuses every premium path with 403 'Premium feature required' to guests, free and lapsed users, 401 without a session, and writes nothing", async () => {
    const mine = await createPlaylist(owner, "Premium gate target");
    await addSongs(owner, mine.id, 2);
    const song = songs[5]!.id;
    const before = await rowCounts();

    for (const who of [guest, free, lapsed]) {
      const uid = who.uid;
      // Each caller's own playlist would be refused just the same; the owner's makes the 403 premium's, not ownership's.
      const paths: Array<[string, string, unknown?]> = [
        ["GET", "/api/liked-songs"],
        ["POST", "/api/liked-songs", { songId: song }],
        ["DELETE", `/api/liked-songs/${song}`],
        ["POST", "/api/liked-playlists", { playlistId: SYSTEM_PLAYLIST, userId: uid }],
        ["DELETE", `/api/liked-playlists/${SYSTEM_PLAYLIST}?userId=${uid}`],
        ["POST", "/api/library-playlists", { playlistId: SYSTEM_PLAYLIST, userId: uid }],
        ["DELETE", `/api/library-playlists/${SYSTEM_PLAYLIST}?userId=${uid}`],
        ["POST", "/api/playlists", { name: "Not allowed", createdBy: uid }],
        ["PUT", `/api/playlists/${mine.id}`, { name: "Renamed" }],
        ["DELETE", `/api/playlists/${mine.id}`],
        ["POST", `/api/playlists/${mine.id}/songs`, { songId: song, position: 1 }],
        ["DELETE", `/api/playlists/${mine.id}/songs/${songs[0]!.id}`],
        ["PUT", `/api/playlists/${mine.id}/songs/order`, { songIds: [songs[1]!.id, songs[0]!.id] }],
        ["POST", `/api/playlists/${mine.id}/songs/from/${SYSTEM_PLAYLIST}`],
      ];
      for (const [method, path, payload] of paths) {
        const res = await who.c.call<ErrorBody>(
          method,
          path,
          payload ?? (method === "GET" || method === "DELETE" ? undefined : {}),
        );
        expect(res.status, `${method} ${path}`).toBe(403);
        expect(res.body.message, `${method} ${path}`).toContain("Premium feature required");

        const nobody = await anonymous.call<ErrorBody>(method, path.replace(/userId=[^&]+/, ""), payload);
        expect(nobody.status, `anonymous ${method} ${path}`).toBe(401);
      }
      // Reads of one's own lists are not premium.
      expect((await who.c.get<CountDto>("/api/liked-songs/count")).body).toEqual({ count: 0 });
      expect((await who.c.get(`/api/liked-songs/${song}/check`)).body).toEqual({ isLiked: false });
      expect((await who.c.get(`/api/liked-playlists/${uid}`)).body).toEqual([]);
      expect((await who.c.get(`/api/library-playlists/${SYSTEM_PLAYLIST}/check?userId=${uid}`)).body).toEqual(
        { isInLibrary: false },
      );
      expect((await who.c.get(`/api/playlists/user/${uid}`)).body).toEqual([]);
    }
    // The same through tRPC.
    const trpc = await free.c.post<{ error: { json: { message: string; data: { httpStatus: number } } } }>(
      "/trpc/likedSongs.like",
      { json: { songId: song } },
    );
    expect(trpc.status).toBe(403);
    expect(trpc.body.error.json.data.httpStatus).toBe(403);
    expect(trpc.body.error.json.message).toContain("Premium feature required");

    expect(await rowCounts()).toEqual(before);
  });

  it("likes songs per user: idempotent like and unlike, check, count, newest first with likedAt, paged", async () => {
    const [a, b, c] = songs.slice(10, 13) as [SongDto, SongDto, SongDto];
    for (const s of [a, b, c, a]) {
      const res = await owner.c.post("/api/liked-songs", { songId: s.id });
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ songId: s.id, isLiked: true });
    }
    expect(
      await sql(`SELECT 1 FROM liked_songs WHERE user_id = $1 AND song_id = $2`, [owner.uid, a.id]),
    ).toHaveLength(1);
    expect((await owner.c.get<CountDto>("/api/liked-songs/count")).body).toEqual({ count: 3 });
    expect((await owner.c.get(`/api/liked-songs/${b.id}/check`)).body).toEqual({ isLiked: true });
    // Likes belong to their user.
    expect((await rival.c.get(`/api/liked-songs/${b.id}/check`)).body).toEqual({ isLiked: false });
    expect((await rival.c.get<LikedSongDto[]>("/api/liked-songs")).body).toEqual([]);

    const list = await owner.c.get<LikedSongDto[]>("/api/liked-songs");
    expect(list.status).toBe(200);
    expect(list.body.map((s) => s.id)).toEqual([c.id, b.id, a.id]);
    expect(list.body[0]).toMatchObject({
      title: c.title,
      artist: { name: c.artist!.name },
      likedAt: expect.any(String),
    });
    expect(list.body[0]).toHaveProperty("album.imageUrl");

    const first = await owner.c.get<LikedSongDto[]>("/api/liked-songs?limit=2");
    expect(first.body.map((s) => s.id)).toEqual([c.id, b.id]);
    const cursor = first.headers.get("x-next-cursor");
    expect(cursor).toBeTruthy();
    const second = await owner.c.get<LikedSongDto[]>(`/api/liked-songs?limit=2&cursor=${cursor}`);
    expect(second.body.map((s) => s.id)).toEqual([a.id]);
    expect(second.headers.get("x-next-cursor")).toBeNull();

    for (let i = 0; i < 2; i++) {
      const res = await owner.c.del(`/api/liked-songs/${b.id}`);
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ songId: b.id, isLiked: false });
    }
    expect((await owner.c.get(`/api/liked-songs/${b.id}/check`)).body).toEqual({ isLiked: false });
    expect((await owner.c.get<CountDto>("/api/liked-songs/count")).body).toEqual({ count: 2 });

    const before = await rowCounts();
    const unknown = await owner.c.post<ErrorBody>("/api/liked-songs", { songId: UNKNOWN_SONG });
    expect(unknown.status).toBe(404);
    expect(unknown.body.message).toBe("Song not found");
    const bad = await owner.c.post<ErrorBody>("/api/liked-songs", { songId: "not-a-song" });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toContain("songId must be a valid id");
    expect((await owner.c.post<ErrorBody>("/api/liked-songs", {})).status).toBe(400);
    expect((await owner.c.get("/api/liked-songs/not-a-song/check")).status).toBe(400);
    expect(await rowCounts()).toEqual(before);
  });

  for (const set of [
    { name: "liked playlists", base: "/api/liked-playlists", flag: "isLiked" },
    { name: "library playlists", base: "/api/library-playlists", flag: "isInLibrary" },
  ] as const) {
    it(`keeps ${set.name}: idempotent add and remove, check, list newest first, userId defaulting to the caller`, async () => {
      const { uid, c } = owner;
      const own = await createPlaylist(owner, `Own for ${set.name}`);
      const check = async (id: string, query = `?userId=${uid}`) =>
        (await c.get(`${set.base}/${id}/check${query}`)).body;

      expect(await check(SYSTEM_PLAYLIST)).toEqual({ [set.flag]: false });
      for (let i = 0; i < 2; i++) {
        const res = await c.post(set.base, { playlistId: SYSTEM_PLAYLIST, userId: uid });
        expect(res.status).toBe(200);
        expect(res.body).toEqual({ playlistId: SYSTEM_PLAYLIST, [set.flag]: true });
      }
      // userId may be left out: it is the caller.
      expect((await c.post(set.base, { playlistId: own.id })).status).toBe(200);
      expect(await check(SYSTEM_PLAYLIST)).toEqual({ [set.flag]: true });
      expect(await check(own.id, "")).toEqual({ [set.flag]: true });
      expect(await check("daily-mix-1")).toEqual({ [set.flag]: false });

      const list = await c.get<Array<LikedPlaylistDto & LibraryPlaylistDto>>(`${set.base}/${uid}`);
      expect(list.status).toBe(200);
      expect(list.body.map((p) => p.id)).toEqual([own.id, SYSTEM_PLAYLIST]);
      expect(list.body[1]).toMatchObject({
        id: SYSTEM_PLAYLIST,
        name: expect.any(String),
        songCount: expect.any(Number),
      });
      expect(list.body[1]![set.flag === "isLiked" ? "likedAt" : "addedAt"]).toEqual(expect.any(String));
      const page = await c.get<PlaylistDto[]>(`${set.base}/${uid}?limit=1`);
      expect(page.body.map((p) => p.id)).toEqual([own.id]);
      const rest = await c.get<PlaylistDto[]>(
        `${set.base}/${uid}?limit=1&cursor=${page.headers.get("x-next-cursor")}`,
      );
      expect(rest.body.map((p) => p.id)).toEqual([SYSTEM_PLAYLIST]);
      // Another user's set is separate.
      expect((await rival.c.get(`${set.base}/${rival.uid}`)).body).toEqual([]);

      for (let i = 0; i < 2; i++) {
        const res = await c.del(`${set.base}/${SYSTEM_PLAYLIST}?userId=${uid}`);
        expect(res.status).toBe(200);
        expect(res.body).toEqual({ playlistId: SYSTEM_PLAYLIST, [set.flag]: false });
      }
      expect(await check(SYSTEM_PLAYLIST)).toEqual({ [set.flag]: false });

      // Unknown playlists, and other users' private ones, cannot be added.
      const hidden = await createPlaylist(rival, "Rival's private", { isPublic: false });
      const before = await rowCounts();
      for (const playlistId of ["no-such-playlist", hidden.id]) {
        const res = await c.post<ErrorBody>(set.base, { playlistId, userId: uid });
        expect(res.status).toBe(404);
        expect(res.body.message).toBe("Playlist not found");
      }
      expect((await c.post<ErrorBody>(set.base, { playlistId: "bad id!" })).status).toBe(400);

      // Another user's id, in the path, the query or the body: 403.
      const other = rival.uid;
      const refused: Array<[string, string, unknown?]> = [
        ["GET", `${set.base}/${other}`],
        ["GET", `${set.base}/${SYSTEM_PLAYLIST}/check?userId=${other}`],
        ["POST", set.base, { playlistId: SYSTEM_PLAYLIST, userId: other }],
        ["DELETE", `${set.base}/${own.id}?userId=${other}`],
      ];
      for (const [method, path, payload] of refused) {
        const res = await c.call<ErrorBody>(method, path, payload);
        expect(res.status, `${method} ${path}`).toBe(403);
      }
      expect(await rowCounts()).toEqual(before);
      expect(await check(own.id)).toEqual({ [set.flag]: true });
    });
  }

  it("creates playlists with SPEC.md's validation messages; the owner is always the caller", async () => {
    const before = await rowCounts();
    const invalid: Array<[Record<string, unknown>, string]> = [
      [{}, "Playlist name is required"],
      [{ name: "" }, "Playlist name is required"],
      [{ name: "   " }, "Playlist name is required"],
      [{ name: "x".repeat(101) }, "Name too long"],
      [{ name: "Fine", description: "d".repeat(501) }, "Description too long"],
      [{ name: "Fine", imageUrl: "javascript:alert(1)" }, "imageUrl must be one of our pictures"],
      [{ name: "Fine", imageUrl: `https://example.com/${"a".repeat(2048)}` }, "imageUrl is too long"],
      [{ name: "Fine", imageUrl: "/objects/someone-elses.png" }, "imageUrl must be an image you uploaded"],
      [
        { name: "Fine", imageUrl: "https://images.example.com/road.png" },
        "imageUrl must be an image you uploaded",
      ],
      [{ name: "Fine", isPublic: "yes" }, "isPublic must be true or false"],
    ];
    for (const [payload, message] of invalid) {
      const res = await owner.c.post<ErrorBody>("/api/playlists", payload);
      expect(res.status, JSON.stringify(payload)).toBe(400);
      expect(res.body.message, JSON.stringify(payload)).toContain(message);
    }
    expect(await rowCounts()).toEqual(before);

    const created = await owner.c.post<PlaylistDto>("/api/playlists", {
      name: "  Road Trip  ",
      description: "Windows down",
      createdBy: rival.uid,
      imageUrl: "/media/covers/road.svg",
    });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      name: "Road Trip",
      description: "Windows down",
      imageUrl: "/media/covers/road.svg",
      isPublic: true,
      songCount: 0,
    });
    expect(created.body.id).toMatch(/^[0-9a-f-]{36}$/);
    const limits = await owner.c.post<PlaylistDto>("/api/playlists", {
      name: "n".repeat(100),
      description: "d".repeat(500),
      isPublic: false,
    });
    expect(limits.status).toBe(201);
    expect(limits.body).toMatchObject({ isPublic: false });

    const mine = await owner.c.get<PlaylistDto[]>(`/api/playlists/user/${owner.uid}`);
    expect(mine.status).toBe(200);
    expect(mine.body.slice(0, 2).map((p) => p.id)).toEqual([limits.body.id, created.body.id]);
    expect(mine.body.every((p) => p.owner.name === mine.body[0]!.owner.name)).toBe(true);
    const onePage = await owner.c.get<PlaylistDto[]>(`/api/playlists/user/${owner.uid}?limit=1`);
    const next = await owner.c.get<PlaylistDto[]>(
      `/api/playlists/user/${owner.uid}?limit=1&cursor=${onePage.headers.get("x-next-cursor")}`,
    );
    expect(next.body.map((p) => p.id)).toEqual([created.body.id]);
    expect(
      (await rival.c.get<PlaylistDto[]>(`/api/playlists/user/${rival.uid}`)).body.map((p) => p.id),
    ).not.toContain(created.body.id);
    expect((await owner.c.get(`/api/playlists/user/${rival.uid}`)).status).toBe(403);
    expect((await anonymous.get(`/api/playlists/user/${owner.uid}`)).status).toBe(401);
  });

  it("shows a public playlist's owner by name, never their uid, and says only to the owner that it is theirs", async () => {
    await owner.c.put(`/api/profile/${owner.uid}`, { name: "Olive Owner" });
    const made = (await owner.c.post<PlaylistDto>("/api/playlists", { name: "Shared Sunday" })).body;
    expect(made).toMatchObject({ owner: { name: "Olive Owner" } });
    expect((await owner.c.post(`/api/playlists/${made.id}/songs`, { songId: songs[0]!.id })).status).toBe(
      201,
    );

    const noUid = (body: unknown) => expect(JSON.stringify(body)).not.toContain(owner.uid);
    for (const reader of [rival.c, free.c, anonymous]) {
      const read = await reader.get<PlaylistDetailDto>(`/api/playlists/${made.id}`);
      expect(read.status).toBe(200);
      expect(read.body).toMatchObject({ owner: { name: "Olive Owner" }, isOwn: false });
      noUid(read.body);
      const viaTrpc = await reader.get<{ result: { data: { json: unknown } } }>(
        `/trpc/playlists.byId?input=${encodeURIComponent(JSON.stringify({ json: { id: made.id } }))}`,
      );
      noUid(viaTrpc.body);
    }
    const found = await rival.c.get(`/api/search?q=${encodeURIComponent("Shared Sunday")}`);
    expect(found.status).toBe(200);
    noUid(found.body);
    expect((await owner.c.get<PlaylistDetailDto>(`/api/playlists/${made.id}`)).body.isOwn).toBe(true);
  });

  it("renames and changes the picture: owner only, never system playlists, empty or unchanged names refused", async () => {
    const playlist = await createPlaylist(owner, "Morning Coffee");
    const before = await rowCounts();
    const refused: Array<[Listener, string, Record<string, unknown>, number, string]> = [
      [owner, playlist.id, { name: "   " }, 400, "Playlist name is required"],
      [owner, playlist.id, { name: "" }, 400, "Playlist name is required"],
      [owner, playlist.id, { name: "Morning Coffee" }, 400, "The new name must be different"],
      [owner, playlist.id, { name: "  Morning Coffee " }, 400, "The new name must be different"],
      [owner, playlist.id, { name: "x".repeat(101) }, 400, "Name too long"],
      [owner, playlist.id, {}, 400, "Nothing to update: send name, imageUrl, description or isPublic"],
      [rival, playlist.id, { name: "Hijacked" }, 403, "Only the playlist's owner can change it"],
      [owner, SYSTEM_PLAYLIST, { name: "Mine now" }, 403, "System playlists cannot be edited"],
      [owner, "no-such-playlist", { name: "Ghost" }, 404, "Playlist not found"],
    ];
    for (const [who, id, payload, status, message] of refused) {
      const res = await who.c.put<ErrorBody>(`/api/playlists/${id}`, payload);
      expect(res.status, `${id} ${JSON.stringify(payload)}`).toBe(status);
      expect(res.body.message).toContain(message);
    }
    expect(await rowCounts()).toEqual(before);

    const renamed = await owner.c.put<PlaylistDto>(`/api/playlists/${playlist.id}`, {
      name: "  Evening Tea ",
    });
    expect(renamed.status).toBe(200);
    expect(renamed.body).toMatchObject({ id: playlist.id, name: "Evening Tea" });

    // A picture: upload it, then hand over the upload URL; the stored form is its /objects/ path.
    const { uploadURL } = (await owner.c.post<{ uploadURL: string }>("/api/objects/upload")).body;
    const stored = await owner.c.put<{ objectPath: string }>(new URL(uploadURL).pathname, PNG, {
      "content-type": "image/png",
    });
    expect(stored.status).toBe(200);
    const pictured = await owner.c.put<PlaylistDto>(`/api/playlists/${playlist.id}`, { imageUrl: uploadURL });
    expect(pictured.status).toBe(200);
    expect(pictured.body).toMatchObject({ name: "Evening Tea", imageUrl: stored.body.objectPath });
    expect((await detail(playlist.id)).imageUrl).toBe(stored.body.objectPath);

    // Someone else's upload cannot become my cover.
    const theirs = await createPlaylist(rival, "Rival's mix");
    const refusedCover = await rival.c.put<ErrorBody>(`/api/playlists/${theirs.id}`, {
      imageUrl: stored.body.objectPath,
    });
    expect(refusedCover.status).toBe(400);
    expect(refusedCover.body.message).toBe("imageUrl must be an image you uploaded");
    expect(
      (await rival.c.put(`/api/playlists/${playlist.id}`, { imageUrl: "/media/covers/x.svg" })).status,
    ).toBe(403);
    expect((await detail(playlist.id)).imageUrl).toBe(stored.body.objectPath);
  });

  it("appends at songCount + 1 even when 20 adds arrive at once", async () => {
    const playlist = await createPlaylist(owner, "Rush Hour");
    const batch = songs.slice(0, 20);
    // The client's position is ignored: everyone claims position 1.
    const results = await Promise.all(
      batch.map((s) =>
        owner.c.post<PlaylistSongLinkDto>(`/api/playlists/${playlist.id}/songs`, {
          songId: s.id,
          position: 1,
        }),
      ),
    );
    expect(results.map((r) => r.status)).toEqual(batch.map(() => 201));
    expect(results.map((r) => r.body.position).sort((a, b) => a - b)).toEqual(batch.map((_, i) => i + 1));
    expect(results.map((r) => r.body.songCount).sort((a, b) => a - b)).toEqual(batch.map((_, i) => i + 1));

    const rows = await positions(playlist.id);
    expect(rows.map((r) => r.position)).toEqual(batch.map((_, i) => i + 1));
    expect(new Set(rows.map((r) => r.songId))).toEqual(new Set(batch.map((s) => s.id)));
    // Each song landed where its response said.
    for (const r of results) expect(rows[r.body.position - 1]!.songId).toBe(r.body.songId);
    const shown = await detail(playlist.id);
    expect(shown.songCount).toBe(20);
    expect(shown.songs.map((s) => s.position)).toEqual(batch.map((_, i) => i + 1));

    // Refused adds change nothing.
    const before = await rowCounts();
    const refused: Array<[Listener, string, Record<string, unknown>, number, string]> = [
      [owner, playlist.id, { songId: batch[3]!.id }, 409, "This song is already in the playlist"],
      [owner, playlist.id, { songId: UNKNOWN_SONG }, 404, "Song not found"],
      [owner, playlist.id, { songId: "nope" }, 400, "songId must be a valid id"],
      [owner, "no-such-playlist", { songId: songs[25]!.id }, 404, "Playlist not found"],
      [owner, SYSTEM_PLAYLIST, { songId: songs[25]!.id }, 403, "System playlists cannot be edited"],
      [rival, playlist.id, { songId: songs[25]!.id }, 403, "Only the playlist's owner can change it"],
    ];
    for (const [who, id, payload, status, message] of refused) {
      const res = await who.c.post<ErrorBody>(`/api/playlists/${id}/songs`, payload);
      expect(res.status, `${id} ${JSON.stringify(payload)}`).toBe(status);
      expect(res.body.message).toContain(message);
    }
    expect(await rowCounts()).toEqual(before);

    const next = await owner.c.post<PlaylistSongLinkDto>(`/api/playlists/${playlist.id}/songs`, {
      songId: songs[25]!.id,
      position: 99,
    });
    expect(next.status).toBe(201);
    expect(next.body).toEqual({
      playlistId: playlist.id,
      songId: songs[25]!.id,
      position: 21,
      songCount: 21,
    });
  });

  it("removes and reorders songs keeping positions 1..n, owner only", async () => {
    const playlist = await createPlaylist(owner, "Shuffle Me");
    await addSongs(owner, playlist.id, 5);
    const ids = songs.slice(0, 5).map((s) => s.id);

    const removed = await owner.c.del<PlaylistDto>(`/api/playlists/${playlist.id}/songs/${ids[1]}`);
    expect(removed.status).toBe(200);
    expect(removed.body.songCount).toBe(4);
    const left = [ids[0], ids[2], ids[3], ids[4]];
    expect(await positions(playlist.id)).toEqual(left.map((songId, i) => ({ position: i + 1, songId })));
    const again = await owner.c.del<ErrorBody>(`/api/playlists/${playlist.id}/songs/${ids[1]}`);
    expect(again.status).toBe(404);
    expect(again.body.message).toBe("This song is not in the playlist");

    // Remove the first one too: the rest move up.
    await owner.c.del(`/api/playlists/${playlist.id}/songs/${ids[0]}`);
    const three = [ids[2]!, ids[3]!, ids[4]!];
    expect(await positions(playlist.id)).toEqual(three.map((songId, i) => ({ position: i + 1, songId })));

    const reversed = [...three].reverse();
    const reordered = await owner.c.put<PlaylistDto>(`/api/playlists/${playlist.id}/songs/order`, {
      songIds: reversed,
    });
    expect(reordered.status).toBe(200);
    expect(reordered.body.songCount).toBe(3);
    expect(await positions(playlist.id)).toEqual(reversed.map((songId, i) => ({ position: i + 1, songId })));
    expect((await detail(playlist.id)).songs.map((s) => s.id)).toEqual(reversed);
    // Adding after a removal still appends at songCount + 1.
    const added = await owner.c.post<PlaylistSongLinkDto>(`/api/playlists/${playlist.id}/songs`, {
      songId: ids[0],
    });
    expect(added.body).toMatchObject({ position: 4, songCount: 4 });
    const four = [...reversed, ids[0]!];

    const before = await rowCounts();
    const badOrders = [
      four.slice(1), // one missing
      [...four, songs[20]!.id], // one extra
      [four[0]!, four[0]!, four[1]!, four[2]!], // a repeat
      [...four.slice(0, 3), songs[20]!.id], // a stranger
    ];
    for (const songIds of badOrders) {
      const res = await owner.c.put<ErrorBody>(`/api/playlists/${playlist.id}/songs/order`, { songIds });
      expect(res.status).toBe(400);
      expect(res.body.message).toBe("songIds must list every song of the playlist exactly once");
    }
    expect((await owner.c.put(`/api/playlists/${playlist.id}/songs/order`, {})).status).toBe(400);
    expect(
      (await rival.c.put(`/api/playlists/${playlist.id}/songs/order`, { songIds: [...four].reverse() }))
        .status,
    ).toBe(403);
    expect((await rival.c.del(`/api/playlists/${playlist.id}/songs/${four[0]}`)).status).toBe(403);
    expect((await owner.c.del(`/api/playlists/${SYSTEM_PLAYLIST}/songs/${four[0]}`)).status).toBe(403);
    const system = await detail(SYSTEM_PLAYLIST);
    expect(
      (
        await owner.c.put(`/api/playlists/${SYSTEM_PLAYLIST}/songs/order`, {
          songIds: system.songs.map((s) => s.id).reverse(),
        })
      ).status,
    ).toBe(403);
    expect(await rowCounts()).toEqual(before);
    expect(await positions(playlist.id)).toEqual(four.map((songId, i) => ({ position: i + 1, songId })));
  });

  it("adds another playlist's songs to one of mine, skipping those already there", async () => {
    const target = await createPlaylist(owner, "Collected");
    await addSongs(owner, target.id, 1, 0);
    const system = await detail(SYSTEM_PLAYLIST);
    expect(system.songs.length).toBeGreaterThan(1);
    // Put one of the system playlist's songs in first: it must not come twice.
    const already = system.songs[1]!.id;
    await owner.c.post(`/api/playlists/${target.id}/songs`, { songId: already });
    const startIds = (await positions(target.id)).map((r) => r.songId);

    const copied = await owner.c.post<CopyPlaylistSongsDto>(
      `/api/playlists/${target.id}/songs/from/${SYSTEM_PLAYLIST}`,
    );
    expect(copied.status).toBe(200);
    const expectedNew = system.songs.map((s) => s.id).filter((id) => !startIds.includes(id));
    expect(copied.body).toEqual({
      playlistId: target.id,
      added: expectedNew.length,
      skipped: system.songs.length - expectedNew.length,
      songCount: startIds.length + expectedNew.length,
    });
    const rows = await positions(target.id);
    expect(rows.map((r) => r.songId)).toEqual([...startIds, ...expectedNew]);
    expect(rows.map((r) => r.position)).toEqual(rows.map((_, i) => i + 1));
    expect((await detail(target.id)).songCount).toBe(rows.length);

    const twice = await owner.c.post<CopyPlaylistSongsDto>(
      `/api/playlists/${target.id}/songs/from/${SYSTEM_PLAYLIST}`,
    );
    expect(twice.body).toMatchObject({ added: 0, songCount: rows.length });

    const before = await rowCounts();
    const hidden = await createPlaylist(rival, "Rival's secret", { isPublic: false });
    const after = await rowCounts();
    const refused: Array<[Listener, string, string, number]> = [
      [owner, SYSTEM_PLAYLIST, target.id, 403],
      [rival, target.id, SYSTEM_PLAYLIST, 403],
      [owner, target.id, target.id, 400],
      [owner, target.id, "no-such-playlist", 404],
      [owner, target.id, hidden.id, 404],
    ];
    for (const [who, id, source, status] of refused) {
      expect(
        (await who.c.post(`/api/playlists/${id}/songs/from/${source}`)).status,
        `${id} <- ${source}`,
      ).toBe(status);
    }
    expect(after.playlists).toBe(before.playlists! + 1);
    expect(await rowCounts()).toEqual(after);
  });

  it("deletes a playlist (owner only, never a system one), with its songs, likes and library entries", async () => {
    const playlist = await createPlaylist(owner, "Short Lived");
    await addSongs(owner, playlist.id, 3);
    await rival.c.post("/api/liked-playlists", { playlistId: playlist.id });
    await rival.c.post("/api/library-playlists", { playlistId: playlist.id });

    const before = await rowCounts();
    expect((await rival.c.del(`/api/playlists/${playlist.id}`)).status).toBe(403);
    expect((await owner.c.del(`/api/playlists/${SYSTEM_PLAYLIST}`)).status).toBe(403);
    expect((await owner.c.del(`/api/playlists/no-such-playlist`)).status).toBe(404);
    expect(await rowCounts()).toEqual(before);

    const deleted = await owner.c.del(`/api/playlists/${playlist.id}`);
    expect(deleted.status).toBe(200);
    expect(deleted.body).toEqual({ id: playlist.id, deleted: true });
    expect((await anonymous.get(`/api/playlists/${playlist.id}`)).status).toBe(404);
    expect(await positions(playlist.id)).toEqual([]);
    expect((await rival.c.get(`/api/liked-playlists/${playlist.id}/check`)).body).toEqual({ isLiked: false });
    expect((await rival.c.get(`/api/library-playlists/${playlist.id}/check`)).body).toEqual({
      isInLibrary: false,
    });
    expect((await owner.c.del(`/api/playlists/${playlist.id}`)).status).toBe(404);
    expect((await detail(SYSTEM_PLAYLIST)).songs.length).toBeGreaterThan(0);
  });

  it("tells the catalog cache about every change, even without the HTTP layer's safety net", async () => {
    const { catalog, playlists } = t.server.services;
    const created = await playlists.create(owner.uid, {
      name: "Cached",
      description: null,
      imageUrl: null,
      isPublic: true,
    });
    const seen = async () => (await catalog.playlist(created.id, owner.uid))!;
    expect((await seen()).songs).toEqual([]);
    await playlists.addSong(owner.uid, created.id, songs[0]!.id);
    await playlists.addSong(owner.uid, created.id, songs[1]!.id);
    expect((await seen()).songs.map((s) => s.id)).toEqual([songs[0]!.id, songs[1]!.id]);
    await playlists.reorder(owner.uid, created.id, [songs[1]!.id, songs[0]!.id]);
    expect((await seen()).songs.map((s) => s.id)).toEqual([songs[1]!.id, songs[0]!.id]);
    await playlists.removeSong(owner.uid, created.id, songs[1]!.id);
    expect(await seen()).toMatchObject({ songCount: 1, songs: [{ id: songs[0]!.id, position: 1 }] });
    await playlists.update(owner.uid, created.id, { name: "Cached, renamed" });
    expect((await seen()).name).toBe("Cached, renamed");
    await playlists.copySongs(owner.uid, created.id, SYSTEM_PLAYLIST);
    expect((await seen()).songCount).toBeGreaterThan(1);
    await playlists.remove(owner.uid, created.id);
    expect(await catalog.playlist(created.id, owner.uid)).toBeNull();
  });

  it("answers tRPC with the same procedures", async () => {
    const res = await owner.c.get<{ result: { data: { json: CountDto } } }>("/trpc/likedSongs.count");
    expect(res.status).toBe(200);
    expect(res.body.result.data.json).toEqual({ count: expect.any(Number) });
    const created = await owner.c.post<{ result: { data: { json: PlaylistDto } } }>(
      "/trpc/myPlaylists.create",
      {
        json: { name: "Via tRPC" },
      },
    );
    expect(created.status).toBe(200);
    expect(created.body.result.data.json).toMatchObject({
      name: "Via tRPC",
      isPublic: true,
    });
  });
});
