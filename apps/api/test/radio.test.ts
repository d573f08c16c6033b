// Radio over HTTP: songs like the seeds, best first (same artist and genre ahead of the
// rest; songs the seeds' listeners also played or liked move up), never a seed or an excluded song, never a
// hidden one, members-only songs only for premium callers; paged; bad input is a clear 400.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { testBackends } from "@purplebeats/db/testing";
import type { SongDto } from "@purplebeats/contracts";
import { Client, getJson, startTestServer, type TestServer } from "./helpers/server.js";

describe.each(testBackends())("radio on %s", (kind) => {
  let t: TestServer;
  let all: SongDto[];
  let seed: SongDto;
  beforeAll(async () => {
    t = await startTestServer(kind, { adminUids: new Set(["radio-admin"]) });
    all = (await getJson<SongDto[]>(`${t.url}/api/songs?limit=100`)).body;
    // A seed whose artist has other songs, so that 'same artist' has something to find.
    seed = all.find((s) => s.genre && all.some((o) => o.id !== s.id && o.artistId === s.artistId))!;
  });
  afterAll(async () => {
    await t?.close();
  });

  const sql = (text: string, params: unknown[] = []) => t.server.db.dataSource.query(text, params);
  const radio = async (params: string, client?: Client) => {
    const res = client
      ? await client.get<SongDto[]>(`/api/songs/radio?${params}`)
      : await getJson<SongDto[]>(`${t.url}/api/songs/radio?${params}`);
    expect(res.status, params).toBe(200);
    return res.body;
  };
  const ids = (songs: SongDto[]) => songs.map((s) => s.id);
  const listener = async (name: string, premium = false) => {
    const client = new Client(t.url);
    const { uid } = await client.signInWithPi(`${name}-${Math.random().toString(36).slice(2, 8)}`);
    if (premium)
      await sql(
        `INSERT INTO memberships (user_id, is_premium, expires_at) VALUES ($1, true, now() + interval '30 days')`,
        [uid],
      );
    return { client, uid };
  };

  it("ranks the seed artist's songs first, then its genre's, and never returns the seed", async () => {
    const songs = await radio(`seeds=${seed.id}&limit=50`);
    expect(ids(songs)).not.toContain(seed.id);
    const sameArtist = all.filter((s) => s.artistId === seed.artistId && s.id !== seed.id);
    expect(ids(songs.slice(0, sameArtist.length)).sort()).toEqual(ids(sameArtist).sort());
    // After the artist's songs, those of its genre come before any other.
    const rest = songs.slice(sameArtist.length);
    const firstOther = rest.findIndex((s) => s.genre !== seed.genre);
    const lastSameGenre = rest.map((s) => s.genre === seed.genre).lastIndexOf(true);
    if (firstOther >= 0 && lastSameGenre >= 0) expect(lastSameGenre).toBeLessThan(firstOther);
    expect(new Set(ids(songs)).size).toBe(songs.length);
  });

  it("leaves out the songs the listener just heard", async () => {
    const first = await radio(`seeds=${seed.id}&limit=5`);
    const excluded = ids(first.slice(0, 3));
    const next = await radio(`seeds=${seed.id}&exclude=${excluded.join(",")}&limit=50`);
    for (const id of [...excluded, seed.id]) expect(ids(next)).not.toContain(id);
    expect(next[0]!.id).toBe(first[3]!.id);
  });

  it("moves up a song the seed's listeners also played and liked, whatever its artist or genre", async () => {
    const stranger = all.filter((s) => s.artistId !== seed.artistId && s.genre !== seed.genre).at(-1)!;
    const before = ids(await radio(`seeds=${seed.id}&limit=50`)).indexOf(stranger.id);
    for (const name of ["radio-a", "radio-b"]) {
      const { client } = await listener(name, true); // liking is premium
      for (const id of [seed.id, stranger.id]) {
        expect((await client.post(`/api/songs/${id}/plays`)).status).toBe(201);
        expect((await client.post(`/api/liked-songs`, { songId: id })).status).toBeLessThan(300);
      }
    }
    const after = ids(await radio(`seeds=${seed.id}&limit=50`)).indexOf(stranger.id);
    expect(after).toBeGreaterThanOrEqual(0);
    if (before >= 0) expect(after).toBeLessThan(before);
  });

  it("never offers a hidden song, and members-only songs only to premium listeners", async () => {
    const [hidden, locked] = all.filter((s) => s.artistId === seed.artistId && s.id !== seed.id);
    expect(hidden && locked).toBeTruthy();
    await sql(`UPDATE songs SET hidden = true WHERE id = $1`, [hidden!.id]);
    await sql(`UPDATE songs SET members_only = true WHERE id = $1`, [locked!.id]);
    try {
      const free = await listener("radio-free");
      const premium = await listener("radio-premium", true);
      const forGuest = ids(await radio(`seeds=${seed.id}&limit=50`));
      const forFree = ids(await radio(`seeds=${seed.id}&limit=50`, free.client));
      const forPremium = await radio(`seeds=${seed.id}&limit=50`, premium.client);
      for (const list of [forGuest, forFree, ids(forPremium)]) expect(list).not.toContain(hidden!.id);
      expect(forGuest).not.toContain(locked!.id);
      expect(forFree).not.toContain(locked!.id);
      expect(forPremium.find((s) => s.id === locked!.id)?.membersOnly).toBe(true);
    } finally {
      await sql(`UPDATE songs SET hidden = false, members_only = false WHERE id = ANY($1::uuid[])`, [
        [hidden!.id, locked!.id],
      ]);
    }
  });

  it("pages the same ranking by X-Next-Cursor", async () => {
    const whole = ids(await radio(`seeds=${seed.id}&limit=12`));
    const walked: string[] = [];
    let cursor: string | null = "";
    for (let pages = 0; cursor !== null && walked.length < 12; pages++) {
      const res: { body: SongDto[]; headers: Headers } = await getJson<SongDto[]>(
        `${t.url}/api/songs/radio?seeds=${seed.id}&limit=4${cursor ? `&cursor=${cursor}` : ""}`,
      );
      walked.push(...ids(res.body));
      cursor = res.headers.get("x-next-cursor");
    }
    expect(walked).toEqual(whole);
  });

  it("answers 400 with the reason for bad input", async () => {
    const bad = async (params: string, message: RegExp) => {
      const res = await getJson<{ error?: string; message?: string }>(`${t.url}/api/songs/radio?${params}`);
      expect(res.status, params).toBe(400);
      expect(JSON.stringify(res.body)).toMatch(message);
    };
    await bad("", /seeds/);
    await bad("seeds=", /seeds must name a song/);
    await bad("seeds=not-an-id", /valid id/);
    await bad(`seeds=${seed.id}&limit=51`, /limit must be at most 50/);
    const many = Array.from({ length: 101 }, () => seed.id).join(",");
    await bad(`seeds=${seed.id}&exclude=${many}`, /at most 100/);
    await bad(`seeds=${seed.id}&cursor=WzEsMl0`, /Invalid cursor/);
    await bad(`seeds=${seed.id},${seed.id}`, /must not name a song twice/);
    await bad(`seeds=${seed.id}&seeds=${seed.id}`, /must not name a song twice/);
  });

  it("is in the OpenAPI document", async () => {
    const doc = (await getJson<{ paths: Record<string, unknown> }>(`${t.url}/api/openapi.json`)).body;
    expect(doc.paths["/api/songs/radio"]).toBeDefined();
  });
});
