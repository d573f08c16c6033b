// Play counts nobody can rig from another site, from no session, or by repetition.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { testBackends } from "@purplebeats/db/testing";
import type { SongDto } from "@purplebeats/contracts";
import { Client, startTestServer, UNLIMITED_RATE_LIMITS, type TestServer } from "./helpers/server.js";

const HISTORY_LIMIT = 4;

describe.each(testBackends())("plays on %s", (kind) => {
  let t: TestServer;
  let songs: SongDto[];
  beforeAll(async () => {
    t = await startTestServer(kind, {
      plays: { countAgainAfterSeconds: 1800, historyPerListener: HISTORY_LIMIT },
    });
    songs = (await new Client(t.url).get<SongDto[]>("/api/songs?limit=20")).body;
  });
  afterAll(async () => {
    await t?.close();
  });
  const sql = <T>(text: string, params: unknown[] = []) =>
    t.server.db.dataSource.query(text, params) as Promise<T[]>;
  const playCount = async (songId: string) =>
    Number((await sql<{ n: number }>(`SELECT play_count AS n FROM songs WHERE id = $1`, [songId]))[0]!.n);
  const trendingIds = async () =>
    (await new Client(t.url).get<SongDto[]>("/api/songs/trending?limit=5")).body.map((s) => s.id);

  it("refuses a play without a session (REST and tRPC) and counts nothing", async () => {
    const song = songs[0]!;
    const before = await playCount(song.id);
    const anonymous = new Client(t.url);
    expect((await anonymous.post(`/api/songs/${song.id}/plays`)).status).toBe(401);
    // The 'simple' cross-site form: no body, no client header, no cookie.
    expect((await fetch(`${t.url}/api/songs/${song.id}/plays`, { method: "POST" })).status).toBe(401);
    const trpc = await anonymous.post("/trpc/songs.recordPlay", { json: { songId: song.id } });
    expect(trpc.status).toBe(401);
    expect(await playCount(song.id)).toBe(before);
  });

  it("refuses a play sent from another site with the listener's cookie", async () => {
    const song = songs[1]!;
    const listener = new Client(t.url);
    await listener.asGuest();
    const before = await playCount(song.id);
    const crossSite = new Client(t.url, {});
    crossSite.cookie = listener.cookie;
    expect((await crossSite.call("POST", `/api/songs/${song.id}/plays`)).status).toBe(403);
    const foreign = await crossSite.call("POST", `/api/songs/${song.id}/plays`, undefined, {
      origin: "https://evil.example",
    });
    expect(foreign.status).toBe(403);
    expect(await playCount(song.id)).toBe(before);
  });

  it("counts a listener's play of a song once within the window, then again after it", async () => {
    const song = songs[2]!;
    const listener = new Client(t.url);
    const uid = await listener.asGuest();
    const before = await playCount(song.id);
    const first = await listener.post(`/api/songs/${song.id}/plays`);
    expect(first.status).toBe(201);
    expect(first.body).toEqual({ recorded: true, counted: true });
    for (let i = 0; i < 5; i++) {
      const again = await listener.post(`/api/songs/${song.id}/plays`);
      expect(again.status).toBe(201);
      expect(again.body).toEqual({ recorded: true, counted: false });
    }
    expect(await playCount(song.id)).toBe(before + 1);

    // Once the window has passed, the same listener's play counts again.
    await sql(
      `UPDATE song_listeners SET last_counted_at = now() - interval '31 minutes' WHERE user_id = $1`,
      [uid],
    );
    expect((await listener.post(`/api/songs/${song.id}/plays`)).body).toEqual({
      recorded: true,
      counted: true,
    });
    expect(await playCount(song.id)).toBe(before + 2);
  });

  it("ranks Trending by distinct listeners: one caller's many plays do not make #1", async () => {
    const [rigged, liked] = [songs[10]!, songs[11]!];
    const rigger = new Client(t.url);
    const uid = await rigger.asGuest();
    for (let i = 0; i < 25; i++) {
      await sql(`UPDATE song_listeners SET last_counted_at = now() - interval '1 hour' WHERE user_id = $1`, [
        uid,
      ]);
      expect((await rigger.post(`/api/songs/${rigged.id}/plays`)).status).toBe(201);
    }
    for (let i = 0; i < 3; i++) {
      const listener = new Client(t.url);
      await listener.asGuest();
      expect((await listener.post(`/api/songs/${liked.id}/plays`)).status).toBe(201);
    }
    // Trending's first page is cached for a moment: wait for it to show the new plays.
    await expect.poll(trendingIds, { timeout: 15_000, interval: 200 }).toContain(rigged.id);
    const ids = await trendingIds();
    expect(ids.indexOf(liked.id)).toBeGreaterThanOrEqual(0);
    expect(ids.indexOf(liked.id)).toBeLessThan(ids.indexOf(rigged.id));
    expect(await playCount(rigged.id)).toBeGreaterThan(await playCount(liked.id));
  });

  it("keeps only each listener's newest plays in their history", async () => {
    const listener = new Client(t.url);
    const uid = await listener.asGuest();
    const played = songs.slice(12, 12 + HISTORY_LIMIT + 2);
    for (const song of played) expect((await listener.post(`/api/songs/${song.id}/plays`)).status).toBe(201);
    const rows = await sql<{ song_id: string }>(
      `SELECT song_id FROM play_history WHERE user_id = $1 ORDER BY played_at DESC`,
      [uid],
    );
    expect(rows.map((r) => r.song_id).sort()).toEqual(
      played
        .slice(-HISTORY_LIMIT)
        .map((s) => s.id)
        .sort(),
    );
    const recent = (await listener.get<SongDto[]>("/api/songs/recently-played")).body;
    expect(recent[0]?.id).toBe(played.at(-1)!.id);
  });

  it("rate limits a listener's play reports (429, nothing counted)", async () => {
    const limited = await startTestServer(kind, {
      rateLimits: { ...UNLIMITED_RATE_LIMITS, play: 3 },
    });
    try {
      const listener = new Client(limited.url);
      await listener.asGuest();
      const statuses: number[] = [];
      for (const song of songs.slice(0, 8))
        statuses.push((await listener.post(`/api/songs/${song.id}/plays`)).status);
      // A fixed one-minute window: even across a minute's turn, at most 2 × 3 of 8 pass.
      expect(statuses.filter((s) => s === 429).length).toBeGreaterThanOrEqual(2);
      const [row] = (await limited.server.db.dataSource.query(
        `SELECT count(*)::int AS n FROM play_history`,
      )) as Array<{ n: number }>;
      expect(row!.n).toBe(statuses.filter((s) => s === 201).length);
    } finally {
      await limited.close();
    }
  });
});
