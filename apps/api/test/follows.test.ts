// Following listeners and artists, public and private profiles, handles, and the listening figures a
// profile shows, over HTTP on a real database.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type {
  FollowingEntryDto,
  FollowStateDto,
  ListenerRefDto,
  ProfileDto,
  ProfileStatsDto,
  ProfileTopDto,
  PublicProfileDto,
} from "@purplebeats/contracts";
import { Client, listenerWithHandle, startTestServer, type TestServer } from "./helpers/server.js";

const ADMIN_UID = "follows-admin-uid";

describe("follows and public profiles", () => {
  let t: TestServer;
  beforeAll(async () => {
    t = await startTestServer("pglite", { adminUids: new Set([ADMIN_UID]) });
  });
  afterAll(async () => {
    await t?.close();
  });

  const listener = (username: string) => listenerWithHandle(t.url, username);

  async function guest() {
    const client = new Client(t.url);
    const uid = await client.asGuest();
    const profile = (await client.get<ProfileDto>(`/api/profile/${uid}`)).body;
    return { client, uid, handle: profile.handle };
  }

  it("gives each new listener a handle made from their Pi username, unique among listeners", async () => {
    const first = await listener("Night.Owl");
    expect(first.handle).toBe("night.owl");
    const second = await listener("night owl");
    expect(second.handle).toMatch(/^nightowl(_[a-z0-9]+)?$/);
    const third = await listener("NightOwl");
    expect(third.handle).not.toBe(second.handle);
    const g = await guest();
    expect(g.handle).toMatch(/^guest_[a-z0-9]{6}$/);
  });

  it("follows a listener once however often asked, counts it, lists it both ways, and unfollows", async () => {
    const a = await listener("follow-target");
    const b = await listener("follow-fan");
    const put = await b.client.put<FollowStateDto>(`/api/users/${a.handle}/follow`);
    expect(put.status).toBe(200);
    expect(put.body).toEqual({ following: true, followers: 1 });
    expect((await b.client.put<FollowStateDto>(`/api/users/${a.handle}/follow`)).body).toEqual({
      following: true,
      followers: 1,
    });

    const seenByB = (await b.client.get<PublicProfileDto>(`/api/users/${a.handle}`)).body;
    expect(seenByB).toMatchObject({
      handle: a.handle,
      isFollowing: true,
      isOwn: false,
      followers: 1,
      following: 0,
    });
    const bFollowing = await b.client.get<FollowingEntryDto[]>(`/api/users/${b.handle}/following`);
    expect(bFollowing.body).toEqual([
      { kind: "listener", handle: a.handle, name: "follow-target", imageUrl: null },
    ]);
    const aFollowers = await new Client(t.url).get<ListenerRefDto[]>(`/api/users/${a.handle}/followers`);
    expect(aFollowers.body.map((f) => f.handle)).toEqual([b.handle]);
    expect(JSON.stringify(aFollowers.body)).not.toContain(b.uid);

    const del = await b.client.del<FollowStateDto>(`/api/users/${a.handle}/follow`);
    expect(del.body).toEqual({ following: false, followers: 0 });
    expect((await b.client.get<FollowingEntryDto[]>(`/api/users/${b.handle}/following`)).body).toEqual([]);
  });

  it("lets guests follow, refuses following oneself (400) and unknown handles (404), and asks a session to follow", async () => {
    const a = await listener("guest-followed");
    const g = await guest();
    expect((await g.client.put<FollowStateDto>(`/api/users/${a.handle}/follow`)).body.following).toBe(true);
    const self = await a.client.put<{ message: string }>(`/api/users/${a.handle}/follow`);
    expect(self.status).toBe(400);
    expect(self.body.message).toBe("You cannot follow yourself");
    expect((await a.client.put(`/api/users/nobody_here_at_all/follow`)).status).toBe(404);
    expect((await new Client(t.url).put(`/api/users/${a.handle}/follow`)).status).toBe(401);
    expect((await a.client.put(`/api/users/NO SPACES/follow`)).status).toBe(400);
  });

  it("keeps a guest's follows when the guest signs in with Pi", async () => {
    const a = await listener("followed-before-sign-in");
    const g = await guest();
    await g.client.put(`/api/users/${a.handle}/follow`);
    const me = await g.client.signInWithPi("signed-in-follower");
    const profile = (await g.client.get<ProfileDto>(`/api/profile/${me.uid}`)).body;
    expect(profile.handle).toBe("signedinfollower");
    const following = await g.client.get<FollowingEntryDto[]>(`/api/users/${profile.handle}/following`);
    expect(following.body.map((f) => (f.kind === "listener" ? f.handle : f.id))).toEqual([a.handle]);
    expect((await g.client.get<PublicProfileDto>(`/api/users/${a.handle}`)).body.followers).toBe(1);
  });

  it("follows artists, counts their followers and lists them among what the listener follows", async () => {
    const [artist] = await t.query<{ id: string; name: string }>(
      `SELECT id, name FROM artists ORDER BY name LIMIT 1`,
    );
    const fan = await listener("artist-fan");
    expect((await fan.client.get<FollowStateDto>(`/api/artists/${artist!.id}/follow`)).body.following).toBe(
      false,
    );
    const put = await fan.client.put<FollowStateDto>(`/api/artists/${artist!.id}/follow`);
    expect(put.body.following).toBe(true);
    await fan.client.put(`/api/artists/${artist!.id}/follow`);
    const state = (await new Client(t.url).get<FollowStateDto>(`/api/artists/${artist!.id}/follow`)).body;
    expect(state).toEqual({ following: false, followers: put.body.followers });
    const list = (await fan.client.get<FollowingEntryDto[]>(`/api/users/${fan.handle}/following`)).body;
    expect(list).toEqual([expect.objectContaining({ kind: "artist", id: artist!.id, name: artist!.name })]);
    expect((await fan.client.del<FollowStateDto>(`/api/artists/${artist!.id}/follow`)).body.following).toBe(
      false,
    );
    expect((await fan.client.put(`/api/artists/00000000-0000-4000-8000-000000000000/follow`)).status).toBe(
      404,
    );
    expect((await fan.client.put(`/api/artists/not-a-uuid/follow`)).status).toBe(400);
  });

  it("pages followers with a cursor, newest first, each once", async () => {
    const star = await listener("paged-star");
    const fans: string[] = [];
    for (let i = 0; i < 5; i++) {
      const fan = await guest();
      await fan.client.put(`/api/users/${star.handle}/follow`);
      fans.push(fan.handle);
    }
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const query: string = cursor ? `?limit=2&cursor=${cursor}` : "?limit=2";
      const page = await star.client.get<ListenerRefDto[]>(`/api/users/${star.handle}/followers${query}`);
      expect(page.body.length).toBeLessThanOrEqual(2);
      seen.push(...page.body.map((f) => f.handle));
      cursor = page.headers.get("x-next-cursor");
    } while (cursor);
    expect(seen).toEqual([...fans].reverse());
    expect((await star.client.get(`/api/users/${star.handle}/followers?cursor=bad!`)).status).toBe(400);
  });

  it("shows a private profile's name and picture only, but all of it to its owner and admins", async () => {
    const owner = await listener("private-person");
    await t.query(
      `INSERT INTO playlists (id, name, created_by, is_public) VALUES (gen_random_uuid()::text, 'Open Book', $1, true)`,
      [owner.uid],
    );
    const other = await listener("curious-other");
    await other.client.put(`/api/users/${owner.handle}/follow`);
    const admin = new Client(t.url);
    await admin.signInWithPi("follows-admin", ADMIN_UID);

    const publicView = (await other.client.get<PublicProfileDto>(`/api/users/${owner.handle}`)).body;
    expect(publicView.playlists?.map((p) => [p.name, p.owner])).toEqual([
      ["Open Book", { name: "private-person", handle: owner.handle }],
    ]);
    expect(JSON.stringify(publicView)).not.toContain(owner.uid);

    const set = await owner.client.put<ProfileDto>(`/api/profile/${owner.uid}/settings`, { isPrivate: true });
    expect(set.body.isPrivate).toBe(true);

    for (const viewer of [other.client, new Client(t.url)]) {
      const seen = await viewer.get<PublicProfileDto>(`/api/users/${owner.handle}`);
      expect(seen.status).toBe(200);
      expect(seen.body).toMatchObject({
        name: "private-person",
        isPrivate: true,
        playlists: null,
        followers: null,
        following: null,
      });
      expect(
        (await viewer.get<{ message: string }>(`/api/users/${owner.handle}/followers`)).body.message,
      ).toBe("This profile is private");
      expect((await viewer.get(`/api/users/${owner.handle}/following`)).status).toBe(403);
    }
    for (const viewer of [owner.client, admin]) {
      const seen = (await viewer.get<PublicProfileDto>(`/api/users/${owner.handle}`)).body;
      expect(seen.playlists?.map((p) => p.name)).toEqual(["Open Book"]);
      expect(seen.followers).toBe(1);
      expect((await viewer.get(`/api/users/${owner.handle}/followers`)).status).toBe(200);
    }
    expect((await other.client.put(`/api/profile/${owner.uid}/settings`, { isPrivate: false })).status).toBe(
      403,
    );
  });

  it("changes a handle: validated (400), unique (409), lower-cased, and the profile moves with it", async () => {
    const a = await listener("handle-changer");
    const b = await listener("handle-holder");
    const path = `/api/profile/${a.uid}/settings`;
    for (const [handle, message] of [
      ["ab", "Handle must be at least 3 characters"],
      ["x".repeat(31), "Handle must be at most 30 characters"],
      ["no-dashes", "Handle may contain only letters, digits, '_' and '.'"],
    ] as const) {
      const res = await a.client.put<{ message: string }>(path, { handle });
      expect(res.status).toBe(400);
      expect(res.body.message).toContain(message);
    }
    const taken = await a.client.put<{ message: string }>(path, { handle: b.handle });
    expect(taken.status).toBe(409);
    expect(taken.body.message).toBe("That handle is already taken");
    const changed = await a.client.put<ProfileDto>(path, { handle: "  New.Name_1 " });
    expect(changed.status).toBe(200);
    expect(changed.body.handle).toBe("new.name_1");
    expect((await new Client(t.url).get<PublicProfileDto>("/api/users/new.name_1")).body.name).toBe(
      "handle-changer",
    );
    expect((await new Client(t.url).get(`/api/users/${a.handle}`)).status).toBe(404);
    expect((await a.client.put(path, {})).status).toBe(400);
  });

  it("computes listening time this month and in all, and top tracks and artists per window, from plays", async () => {
    const me = await listener("stats-listener");
    const songs = await t.query<{ id: string; duration: number; artist_id: string }>(
      `SELECT DISTINCT ON (artist_id) id, duration, artist_id FROM songs WHERE artist_id IS NOT NULL ORDER BY artist_id, id LIMIT 3`,
    );
    const [recent, older, ancient] = songs as [(typeof songs)[0], (typeof songs)[0], (typeof songs)[0]];
    const now = new Date();
    // Within this month and within the last four weeks, whatever day the test runs.
    const thisMonth = new Date(
      Math.max(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1, 0, 0, 1), now.getTime() - 3600_000),
    );
    const play = (songId: string, at: Date, times: number) =>
      t.query(
        `INSERT INTO play_history (user_id, song_id, played_at) SELECT $1, $2, $3 FROM generate_series(1, $4)`,
        [me.uid, songId, at, times],
      );
    await play(recent.id, thisMonth, 2);
    await play(older.id, new Date(Date.now() - 60 * 24 * 3600 * 1000), 3); // two months ago
    await play(ancient.id, new Date(Date.now() - 400 * 24 * 3600 * 1000), 4); // over a year ago

    const stats = (await me.client.get<ProfileStatsDto>(`/api/profile/${me.uid}/stats`)).body;
    expect(stats.plays).toBe(9);
    expect(stats.listeningSeconds).toBe(2 * recent.duration + 3 * older.duration + 4 * ancient.duration);
    expect(stats.listeningSecondsThisMonth).toBe(2 * recent.duration);

    const top = async (range: string) =>
      (await me.client.get<ProfileTopDto>(`/api/profile/${me.uid}/top?range=${range}`)).body;
    const fourWeeks = await top("4w");
    expect(fourWeeks.tracks.map((s) => s.id)).toEqual([recent.id]);
    expect(fourWeeks.artists.map((a) => [a.id, a.plays])).toEqual([[recent.artist_id, 2]]);
    const sixMonths = await top("6m");
    expect(sixMonths.tracks.map((s) => s.id)).toEqual([older.id, recent.id]);
    const all = await top("all");
    expect(all.tracks.map((s) => s.id)).toEqual([ancient.id, older.id, recent.id]);
    expect(all.artists.map((a) => a.plays)).toEqual([4, 3, 2]);
    expect((await me.client.get(`/api/profile/${me.uid}/top?range=1y`)).status).toBe(400);
    const stranger = await listener("stats-stranger");
    expect((await stranger.client.get(`/api/profile/${me.uid}/top`)).status).toBe(403);
  });
});
