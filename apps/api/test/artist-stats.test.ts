// The artist studio's statistics over HTTP on a real database: the numbers of a known set of plays, follows
// and tips for 7, 28 and 365 days, every counted play included however many a listener made (the history
// keeps only the newest); another artist's manager refused; and nothing that names a listener.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { testBackends } from "@purplebeats/db/testing";
import type { ArtistStatsDto, MyArtistsDto } from "@purplebeats/contracts";
import { Client, startTestServer, type TestServer } from "./helpers/server.js";

const ADMIN_UID = "stats-admin-uid";
const HISTORY_CAP = 3;

describe.each(testBackends())("artist statistics on %s", (kind) => {
  let t: TestServer;
  let admin: Client;
  let manager: Client;
  let otherManager: Client;
  let artistId = "";
  let otherArtistId = "";
  const listeners: Array<{ uid: string; username: string }> = [];
  const songs: Record<"alpha" | "beta" | "other", string> = { alpha: "", beta: "", other: "" };

  /** An approved artist run by a new manager. */
  async function approvedArtist(name: string) {
    const client = new Client(t.url);
    await client.signInWithPi(`${name}-manager-${kind}`);
    const asked = await client.post<{ id: string }>("/api/artist-requests", {
      kind: "new",
      name,
      evidence: "https://stats.example",
    });
    await admin.post(`/api/admin/artist-requests/${asked.body.id}/decision`, { decision: "approve" });
    const id = (await client.get<MyArtistsDto>("/api/artist-requests/mine")).body.managed[0]?.id ?? "";
    return { client, id };
  }
  const song = async (artist: string, title: string) =>
    (
      await t.query<{ id: string }>(
        `INSERT INTO songs (title, artist_id, duration) VALUES ($1, $2, 180) RETURNING id`,
        [title, artist],
      )
    )[0]?.id ?? "";
  /** A play as the catalog records it: a counted one in counted_plays and the history, a private one in the history only. */
  const play = async (listener: number, songId: string, daysAgo: number, isPrivate = false) => {
    const at = [listeners[listener]?.uid, songId, daysAgo];
    if (!isPrivate)
      await t.query(
        `INSERT INTO counted_plays (user_id, song_id, counted_at) VALUES ($1, $2, now() - make_interval(days => $3))`,
        at,
      );
    await t.query(
      `INSERT INTO play_history (user_id, song_id, played_at, is_private)
        VALUES ($1, $2, now() - make_interval(days => $3), $4)`,
      [...at, isPrivate],
    );
  };

  beforeAll(async () => {
    t = await startTestServer(kind, {
      reconcileIntervalMs: 0,
      adminUids: new Set([ADMIN_UID]),
      // A history of three plays, and every play counted: a heavy listener is a few requests away.
      plays: { countAgainAfterSeconds: 0, historyPerListener: HISTORY_CAP },
    });
    admin = new Client(t.url);
    await admin.signInWithPi("stats-admin", ADMIN_UID);
    const mine = await approvedArtist("Stats Mine");
    const theirs = await approvedArtist("Stats Theirs");
    [manager, artistId, otherManager, otherArtistId] = [mine.client, mine.id, theirs.client, theirs.id];
    songs.alpha = await song(artistId, "Alpha");
    songs.beta = await song(artistId, "Beta");
    songs.other = await song(otherArtistId, "Elsewhere");
    // Five listeners: three set to Vietnamese, one to Korean, one with no language chosen.
    for (const [i, language] of (["vi", "vi", "vi", "ko", null] as const).entries()) {
      const client = new Client(t.url);
      const me = await client.signInWithPi(`stats-listener-${kind}-${i}`);
      listeners.push({ uid: me.uid, username: me.username });
      await t.query(`UPDATE profiles SET language = $1 WHERE user_id = $2`, [language, me.uid]);
    }
    await play(0, songs.alpha, 0);
    await play(0, songs.alpha, 2);
    await play(0, songs.beta, 10);
    await play(1, songs.alpha, 0);
    await play(1, songs.alpha, 0, true); // a private session's play: counted nowhere
    await play(2, songs.alpha, 100);
    await play(3, songs.beta, 3);
    await play(4, songs.beta, 400); // older than a year
    await play(0, songs.other, 0); // another artist's song
    for (const [listener, daysAgo] of [
      [0, 0],
      [1, 0],
      [2, 40],
    ] as const)
      await t.query(
        `INSERT INTO follows (follower_id, artist_id, created_at) VALUES ($1, $2, now() - make_interval(days => $3))`,
        [listeners[listener]?.uid, artistId, daysAgo],
      );
    // The artist's share of two tips (the fee already taken), one of them 40 days old, and a month's premium
    // share credited 10 days ago.
    for (const [kind, source, amount, daysAgo] of [
      ["tip", "tip:stats-1", "9", 0],
      ["tip", "tip:stats-2", "4.5", 40],
      ["premium_share", `premium-share:2026-11:${artistId}`, "2.5", 10],
    ] as const)
      await t.query(
        `INSERT INTO artist_ledger (account, artist_id, kind, amount, source, created_at)
          VALUES ('artist', $1, $2, $3, $4, now() - make_interval(days => $5))`,
        [artistId, kind, amount, source, daysAgo],
      );
  });
  afterAll(async () => {
    await t?.close();
  });

  const stats = async (days: number, client = manager, artist = artistId) =>
    client.get<ArtistStatsDto>(`/api/artist-studio/stats?artistId=${artist}&days=${days}`);

  it("counts the last 7 days' plays, listeners and followers, day by day", async () => {
    const { status, body } = await stats(7);
    expect(status).toBe(200);
    expect(body.totals).toEqual({ plays: 4, listeners: 3, followers: 3, newFollowers: 2 });
    expect(body.daily).toHaveLength(7);
    const today = body.daily.at(-1);
    expect(today).toMatchObject({ plays: 2, listeners: 2, newFollowers: 2 });
    expect(body.daily.map((day) => day.plays)).toEqual([0, 0, 0, 1, 1, 0, 2]);
    expect(body.daily[0]?.day).toBe(new Date(Date.now() - 6 * 864e5).toISOString().slice(0, 10));
  });

  it("counts 28 and 365 days, with the top songs and the earnings of each period", async () => {
    const month = (await stats(28)).body;
    expect(month.totals).toEqual({ plays: 5, listeners: 3, followers: 3, newFollowers: 2 });
    expect(month.earnings).toEqual({ tips: "9", premiumShare: "2.5", paidOut: "0", balance: "16" });
    const year = (await stats(365)).body;
    expect(year.daily).toHaveLength(365);
    expect(year.totals).toEqual({ plays: 6, listeners: 4, followers: 3, newFollowers: 3 });
    expect(year.topSongs).toEqual([
      { id: songs.alpha, title: "Alpha", plays: 4, listeners: 3 },
      { id: songs.beta, title: "Beta", plays: 2, listeners: 2 },
    ]);
    expect(year.earnings.tips).toBe("13.5");
    expect((await stats(7)).body.earnings.premiumShare).toBe("0");
  });

  it("counts every counted play of a listener who played more than their history keeps, in each period", async () => {
    const heavy = await approvedArtist("Stats Heavy");
    const songId = await song(heavy.id, "On Repeat");
    const fan = new Client(t.url);
    const me = await fan.signInWithPi(`stats-heavy-fan-${kind}`);
    const plays = HISTORY_CAP + 2;
    for (let i = 0; i < plays; i++) expect((await fan.post(`/api/songs/${songId}/plays`)).status).toBe(201);
    const kept = await t.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM play_history WHERE user_id = $1`,
      [me.uid],
    );
    expect(kept).toEqual([{ n: HISTORY_CAP }]);
    for (const days of [7, 28, 365]) {
      const { body } = await stats(days, heavy.client, heavy.id);
      expect(body.totals).toMatchObject({ plays, listeners: 1 });
      expect(body.daily.at(-1)).toMatchObject({ plays, listeners: 1 });
      expect(body.topSongs).toEqual([{ id: songId, title: "On Repeat", plays, listeners: 1 }]);
    }
  });

  it("groups listeners by their language and folds groups under three into 'other'", async () => {
    const year = (await stats(365)).body;
    expect([year.languages, year.otherListeners]).toEqual([[{ language: "vi", listeners: 3 }], 1]);
    const week = (await stats(7)).body;
    // Two Vietnamese and one Korean listener this week: no group is large enough to be shown.
    expect([week.languages, week.otherListeners]).toEqual([[], 3]);
  });

  it("names no listener anywhere in the answer", async () => {
    for (const days of [7, 28, 365]) {
      const text = JSON.stringify((await stats(days)).body);
      for (const listener of listeners) {
        expect(text).not.toContain(listener.uid);
        expect(text).not.toContain(listener.username);
      }
    }
  });

  it("refuses another artist's manager, a listener and a visitor, and reads each artist's own plays", async () => {
    const refused = await stats(28, otherManager);
    expect([refused.status, (refused.body as unknown as { message: string }).message]).toEqual([
      403,
      "Only the artist's managers can see its statistics",
    ]);
    const listener = new Client(t.url);
    await listener.signInWithPi(`stats-nobody-${kind}`);
    expect((await stats(28, listener)).status).toBe(403);
    expect((await stats(28, new Client(t.url))).status).toBe(401);
    const theirs = (await stats(7, otherManager, otherArtistId)).body;
    expect(theirs.totals).toMatchObject({ plays: 1, listeners: 1 });
  });

  it("answers a period other than 7, 28 or 365 days with 400", async () => {
    const bad = await stats(30);
    expect([bad.status, (bad.body as unknown as { message: string }).message]).toEqual([
      400,
      "days must be 7, 28 or 365",
    ]);
    expect((await manager.get(`/api/artist-studio/stats?artistId=nope`)).status).toBe(400);
  });
});
