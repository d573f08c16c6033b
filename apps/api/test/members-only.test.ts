// 'Exclusive Content': a release an admin marks members only (the song, or its whole album) is locked for
// everyone but premium members. Every song list a listener reads says so (membersOnly), and the stream
// answers 403 'Premium feature required' to guests and free listeners in both qualities.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { testBackends } from "@purplebeats/db/testing";
import { Client, startTestServer, type TestServer } from "./helpers/server.js";

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

  async function listener(premium: boolean) {
    const client = new Client(t.url);
    const { uid } = await client.signInWithPi(
      `mo-${premium ? "p" : "f"}-${Math.random().toString(36).slice(2, 8)}`,
    );
    if (premium)
      await query(
        `INSERT INTO memberships (user_id, is_premium, expires_at) VALUES ($1, true, now() + interval '30 days')`,
        [uid],
      );
    return client;
  }
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
});
