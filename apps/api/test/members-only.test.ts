// 'Exclusive Content': a release an admin marks members only (the song, or its whole album) is locked for
// everyone but premium members. Every song list a listener reads says so (membersOnly), and the stream
// answers 403 'Premium feature required' to guests and free listeners in both qualities.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { testBackends } from "@purplebeats/db/testing";
import { Client, listenerOf, startTestServer, type TestServer } from "./helpers/server.js";

interface Song {
  id: string;
  title: string;
  genre: string | null;
  albumId: string | null;
  membersOnly?: boolean;
}

describe.each(testBackends())("members-only releases on %s", (kind) => {
  let t: TestServer;
  let admin: Client;
  let exclusive: Song;
  let albumTrack: Song;
  let open: Song;
  const query = (sql: string, params: unknown[] = []) => t.server.db.dataSource.query(sql, params);

  const listener = (premium: boolean) => listenerOf(t, premium, "mo");
  const guest = async () => {
    const client = new Client(t.url);
    await client.asGuest();
    return client;
  };
  /** What a list says of the three songs: [exclusive, album track, open] → membersOnly. */
  const flags = (songs: Song[]) =>
    Object.fromEntries(
      [exclusive, albumTrack, open]
        .map((s) => songs.find((listed) => listed.id === s.id))
        .filter((s): s is Song => s !== undefined)
        .map((s) => [s.id, s.membersOnly]),
    );
  const expected = () => ({ [exclusive.id]: true, [albumTrack.id]: true, [open.id]: false });

  beforeAll(async () => {
    t = await startTestServer(kind, { adminUids: new Set(["mo-admin"]) });
    admin = new Client(t.url);
    await admin.signInWithPi("mo-admin", "mo-admin");
    const all = (await (await guest()).get<Song[]>("/api/songs?limit=50")).body;
    // Three songs of one genre, two albums: one song marked, one album marked, one left open.
    const genre = all.find((s) => all.filter((o) => o.genre === s.genre && o.albumId).length >= 3)!.genre;
    const inGenre = all.filter((s) => s.genre === genre && s.albumId);
    exclusive = inGenre[0]!;
    albumTrack = inGenre.find((s) => s.albumId !== exclusive.albumId)!;
    open = inGenre.find((s) => s.albumId !== exclusive.albumId && s.albumId !== albumTrack.albumId)!;
    expect((await admin.put(`/api/admin/songs/${exclusive.id}`, { membersOnly: true })).status).toBe(200);
    expect((await admin.put(`/api/admin/albums/${albumTrack.albumId}`, { membersOnly: true })).status).toBe(
      200,
    );
    await query(`UPDATE songs SET last_played = now() WHERE id = ANY($1::uuid[])`, [
      [exclusive.id, albumTrack.id, open.id],
    ]);
    await admin.put(`/api/admin/playlists/discover-weekly/songs`, {
      songIds: [exclusive.id, albumTrack.id, open.id],
    });
  });
  afterAll(() => t?.close());

  it("marks them in every list a non-member reads: home, category, search, playlists", async () => {
    const free = await listener(false);
    const visitor = await guest();
    for (const client of [visitor, free]) {
      const lists: Record<string, Song[]> = {
        newest: (await client.get<Song[]>("/api/songs?limit=50")).body,
        trending: (await client.get<Song[]>("/api/songs/trending?limit=50")).body,
        recentlyPlayed: (await new Client(t.url).get<Song[]>("/api/songs/recently-played?limit=50")).body,
        genre: (await client.get<Song[]>(`/api/songs/genre/${encodeURIComponent(exclusive.genre!)}?limit=50`))
          .body,
        playlist: (await client.get<{ songs: Song[] }>("/api/playlists/discover-weekly")).body.songs,
      };
      for (const song of [exclusive, albumTrack, open]) {
        const q = encodeURIComponent(song.title);
        const found = (await client.get<Song[]>(`/api/songs/search?q=${q}&limit=20`)).body;
        const all = (await client.get<{ songs: Song[] }>(`/api/search?q=${q}&limit=20`)).body.songs;
        expect(flags(found)[song.id], `search for ${song.title}`).toBe(expected()[song.id]);
        expect(flags(all)[song.id], `results page for ${song.title}`).toBe(expected()[song.id]);
      }
      for (const [name, list] of Object.entries(lists)) expect(flags(list), name).toEqual(expected());
    }
  });

  it("marks them in a member's liked songs too", async () => {
    const member = await listener(true);
    for (const song of [exclusive, albumTrack, open])
      expect((await member.post("/api/liked-songs", { songId: song.id })).status).toBeLessThan(300);
    expect(flags((await member.get<Song[]>("/api/liked-songs?limit=50")).body)).toEqual(expected());
  });

  it("streams them to premium members only, in both qualities", async () => {
    const stream = (client: Client, id: string, quality: string) =>
      fetch(`${t.url}/api/songs/${id}/stream?quality=${quality}`, {
        headers: client.cookie ? { cookie: client.cookie } : {},
      });
    /** The status, the audio read to its end (an unread body holds the connection, and the server's stop). */
    const played = async (client: Client, id: string, quality: string) => {
      const res = await stream(client, id, quality);
      await res.arrayBuffer();
      return res.status;
    };
    for (const client of [await guest(), await listener(false)]) {
      for (const song of [exclusive, albumTrack])
        for (const quality of ["standard", "high"]) {
          const refused = await stream(client, song.id, quality);
          expect(refused.status).toBe(403);
          expect(((await refused.json()) as { message: string }).message).toContain(
            "Premium feature required",
          );
        }
      expect(await played(client, open.id, "standard")).toBe(200);
    }
    const member = await listener(true);
    for (const song of [exclusive, albumTrack])
      for (const quality of ["standard", "high"]) expect(await played(member, song.id, quality)).toBe(200);
  });

  // The seed's clip files under /media would bypass the song's rules: audio goes through the stream only.
  it("gives their audio to no one but members: every audioUrl is the stream route, /media/audio none", async () => {
    const visitor = await guest();
    const listed = (await visitor.get<Array<Song & { audioUrl: string }>>("/api/songs?limit=50")).body;
    expect(listed.length).toBeGreaterThan(0);
    for (const song of listed) expect(song.audioUrl).toBe(`/api/songs/${song.id}/stream?quality=standard`);
    const member = await listener(true);
    for (const song of [exclusive, albumTrack]) {
      const [row] = await query(`SELECT audio_url FROM songs WHERE id = $1`, [song.id]);
      const clip = (row as { audio_url: string }).audio_url;
      expect(clip).toMatch(/^\/media\/audio\/.+\.mp3$/);
      // The file's own path gives no audio, with or without a session, members included.
      const sessions: Array<Record<string, string>> = [
        {},
        { cookie: visitor.cookie },
        { cookie: member.cookie },
      ];
      for (const headers of sessions) {
        for (const range of [{}, { range: "bytes=0-1023" }] as Array<Record<string, string>>) {
          const res = await fetch(`${t.url}${clip}`, { headers: { ...headers, ...range } });
          expect(res.status, clip).toBe(404);
          expect(res.headers.get("content-type")).not.toMatch(/^audio\//);
          await res.arrayBuffer();
        }
      }
      // Where audioUrl points: refused to the guest, played to the member.
      const url = `${t.url}${listed.find((s) => s.id === song.id)?.audioUrl ?? ""}`;
      expect((await fetch(url, { headers: { cookie: visitor.cookie } })).status).toBe(403);
      const played = await fetch(url, { headers: { cookie: member.cookie, range: "bytes=0-1023" } });
      expect(played.status).toBe(206);
      expect(played.headers.get("accept-ranges")).toBe("bytes");
      expect((await played.arrayBuffer()).byteLength).toBe(1024);
    }
  });

  // Lyrics follow the audio's rules: a song whose stream answers 403 must not give away its words.
  it("gives their lyrics to members only, as the stream does", async () => {
    const words = [{ timeMs: null, text: "Only for members" }];
    for (const song of [exclusive, albumTrack, open])
      await query(
        `INSERT INTO lyrics (song_id, synced, lines) VALUES ($1, false, $2::jsonb) ON CONFLICT (song_id) DO NOTHING`,
        [song.id, JSON.stringify(words)],
      );
    const lyricsOf = (client: Client, id: string) =>
      client.get<{ message?: string; lines?: unknown }>(`/api/songs/${id}/lyrics`);
    const procedure = (client: Client, id: string) =>
      client.get(`/trpc/songs.lyrics?input=${encodeURIComponent(JSON.stringify({ json: { songId: id } }))}`);
    for (const client of [new Client(t.url), await guest(), await listener(false)]) {
      for (const song of [exclusive, albumTrack]) {
        const refused = await lyricsOf(client, song.id);
        expect(refused.status).toBe(403);
        expect(refused.body.message).toContain("Premium feature required");
        expect(JSON.stringify(refused.body)).not.toContain("Only for members");
        expect((await procedure(client, song.id)).status).toBe(403);
      }
      expect((await lyricsOf(client, open.id)).status).toBe(200);
    }
    const member = await listener(true);
    for (const song of [exclusive, albumTrack, open]) {
      const shown = await lyricsOf(member, song.id);
      expect(shown.status).toBe(200);
      expect(shown.body.lines).toEqual(words);
      expect((await procedure(member, song.id)).status).toBe(200);
    }
  });
});
