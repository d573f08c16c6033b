// The activity feed and its privacy over HTTP: what followed listeners did (public playlists, shared
// likes, followed artists) and followed artists' releases; private profiles, unshared likes, private
// playlists, hidden songs and the private session; its pages.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { testBackends } from "@purplebeats/db/testing";
import type { ActivityEntryDto, ActivitySettingsDto, SongDto } from "@purplebeats/contracts";
import { Client, listenerWithHandle, startTestServer, type TestServer } from "./helpers/server.js";

const HOUR_MS = 60 * 60 * 1000;

describe.each(testBackends("feed visibility differs by database: tested on both"))(
  "activity on %s",
  (kind) => {
    let t: TestServer;
    let songs: SongDto[];
    beforeAll(async () => {
      t = await startTestServer(kind);
      songs = (await new Client(t.url).get<SongDto[]>("/api/songs?limit=20")).body;
    });
    afterAll(async () => {
      await t?.close();
    });

    const listener = (username: string) => listenerWithHandle(t.url, username);

    /** A playlist as its owner made it; `at` back-dates it so the order is known. */
    async function playlist(ownerId: string, name: string, isPublic: boolean, at: string) {
      const [row] = await t.query<{ id: string }>(
        `INSERT INTO playlists (id, name, created_by, is_public, created_at)
       VALUES (gen_random_uuid()::text, $1, $2, $3, $4) RETURNING id`,
        [name, ownerId, isPublic, at],
      );
      return row!.id;
    }
    const like = (userId: string, songId: string, at: string) =>
      t.query(`INSERT INTO liked_songs (user_id, song_id, liked_at) VALUES ($1, $2, $3)`, [
        userId,
        songId,
        at,
      ]);

    const describeEntry = (e: ActivityEntryDto) =>
      e.kind === "playlist"
        ? `${e.listener.handle} ${e.updated ? "updated" : "made"} ${e.playlist.name}`
        : e.kind === "like"
          ? `${e.listener.handle} liked ${e.song.title}`
          : e.kind === "artistFollow"
            ? `${e.listener.handle} followed ${e.artist.name}`
            : `${e.artist.name} released ${e.album.title}`;

    /** Every entry of a paged activity list, page by page. */
    async function readAll(client: Client, path: string, limit = 50) {
      const seen: ActivityEntryDto[] = [];
      let cursor: string | null = null;
      do {
        const query: string = `?limit=${limit}${cursor ? `&cursor=${cursor}` : ""}`;
        const page = await client.get<ActivityEntryDto[]>(`${path}${query}`);
        expect(page.status).toBe(200);
        expect(page.body.length).toBeLessThanOrEqual(limit);
        seen.push(...page.body);
        cursor = page.headers.get("x-next-cursor");
      } while (cursor);
      return seen;
    }
    const listenerEntries = (entries: ActivityEntryDto[]) => entries.filter((e) => e.kind !== "release");

    it("shows a followed listener's public playlists, likes and followed artists, newest first, never their private playlists", async () => {
      const maker = await listener("feed-maker");
      const fan = await listener("feed-fan");
      const artistId = songs[0]!.artistId;
      await playlist(maker.uid, "Road Trip", true, "2026-01-01T10:00:00Z");
      await playlist(maker.uid, "Secret Mix", false, "2026-01-01T11:00:00Z");
      await like(maker.uid, songs[1]!.id, "2026-01-01T12:00:00Z");
      await maker.client.put(`/api/artists/${artistId}/follow`);

      expect(listenerEntries(await readAll(fan.client, "/api/activity"))).toEqual([]);
      await fan.client.put(`/api/users/${maker.handle}/follow`);
      const feed = listenerEntries(await readAll(fan.client, "/api/activity"));
      expect(feed.map(describeEntry)).toEqual([
        `${maker.handle} followed ${songs[0]!.artist!.name}`,
        `${maker.handle} liked ${songs[1]!.title}`,
        `${maker.handle} made Road Trip`,
      ]);
      expect(JSON.stringify(feed)).not.toContain(maker.uid);
      // Their own profile's Activity tab shows the same, to anyone while the profile is public.
      const profileTab = await readAll(new Client(t.url), `/api/users/${maker.handle}/activity`);
      expect(profileTab.map(describeEntry)).toEqual(feed.map(describeEntry));

      // Songs added later make it an update, moved to when they were added.
      const [road] = await t.query<{ id: string }>(`SELECT id FROM playlists WHERE name = 'Road Trip'`);
      await t.query(
        `INSERT INTO playlist_songs (playlist_id, song_id, position, added_at) VALUES ($1, $2, 1, now())`,
        [road!.id, songs[2]!.id],
      );
      const updated = listenerEntries(await readAll(fan.client, "/api/activity"));
      expect(describeEntry(updated[0]!)).toBe(`${maker.handle} updated Road Trip`);

      // A hidden song leaves the feed; a playlist made private too.
      await t.query(`UPDATE songs SET hidden = true WHERE id = $1`, [songs[1]!.id]);
      await t.query(`UPDATE playlists SET is_public = false WHERE id = $1`, [road!.id]);
      expect(listenerEntries(await readAll(fan.client, "/api/activity")).map(describeEntry)).toEqual([
        `${maker.handle} followed ${songs[0]!.artist!.name}`,
      ]);
      await t.query(`UPDATE songs SET hidden = false WHERE id = $1`, [songs[1]!.id]);
    });

    it("leaves out the likes of a listener who does not share them", async () => {
      const liker = await listener("quiet-liker");
      const fan = await listener("quiet-fan");
      await fan.client.put(`/api/users/${liker.handle}/follow`);
      await like(liker.uid, songs[3]!.id, "2026-02-01T12:00:00Z");
      const defaults = await liker.client.get<ActivitySettingsDto>("/api/activity/settings");
      expect(defaults.body).toEqual({ shareLikes: true, privateSessionUntil: null });
      expect(listenerEntries(await readAll(fan.client, "/api/activity")).map((e) => e.kind)).toEqual([
        "like",
      ]);

      const off = await liker.client.put<ActivitySettingsDto>("/api/activity/settings", {
        shareLikes: false,
      });
      expect(off.body.shareLikes).toBe(false);
      expect(listenerEntries(await readAll(fan.client, "/api/activity"))).toEqual([]);
      expect(await readAll(fan.client, `/api/users/${liker.handle}/activity`)).toEqual([]);
      await liker.client.put("/api/activity/settings", { shareLikes: true });
      expect(listenerEntries(await readAll(fan.client, "/api/activity"))).toHaveLength(1);
    });

    it("keeps a private profile's activity to its owner", async () => {
      const owner = await listener("closed-book");
      const fan = await listener("closed-fan");
      await fan.client.put(`/api/users/${owner.handle}/follow`);
      await playlist(owner.uid, "Hidden Gems", true, "2026-03-01T10:00:00Z");
      expect(listenerEntries(await readAll(fan.client, "/api/activity"))).toHaveLength(1);

      await owner.client.put(`/api/profile/${owner.uid}/settings`, { isPrivate: true });
      expect(listenerEntries(await readAll(fan.client, "/api/activity"))).toEqual([]);
      for (const viewer of [fan.client, new Client(t.url)]) {
        const seen = await viewer.get<{ message: string }>(`/api/users/${owner.handle}/activity`);
        expect(seen.status).toBe(403);
        expect(seen.body.message).toBe("This profile is private");
      }
      const own = await readAll(owner.client, `/api/users/${owner.handle}/activity`);
      expect(own.map(describeEntry)).toEqual([`${owner.handle} made Hidden Gems`]);
    });

    it("pages the feed with a cursor, each entry once, and refuses bad pages and callers", async () => {
      const busy = await listener("busy-maker");
      const fan = await listener("paging-fan");
      await fan.client.put(`/api/users/${busy.handle}/follow`);
      // Equal times: the order falls to the entries' keys, still each once.
      for (let i = 0; i < 5; i++) await playlist(busy.uid, `List ${i}`, true, "2026-04-01T10:00:00Z");
      for (let i = 0; i < 4; i++) await like(busy.uid, songs[5 + i]!.id, `2026-04-0${2 + i}T10:00:00Z`);
      const whole = listenerEntries(await readAll(fan.client, "/api/activity"));
      const paged = listenerEntries(await readAll(fan.client, "/api/activity", 2));
      expect(whole).toHaveLength(9);
      expect(paged.map((e) => e.id)).toEqual(whole.map((e) => e.id));
      expect(new Set(paged.map((e) => e.id)).size).toBe(9);

      expect((await fan.client.get("/api/activity?cursor=bad!")).status).toBe(400);
      expect(
        (await fan.client.get(`/api/activity?cursor=${Buffer.from("[1]").toString("base64url")}`)).status,
      ).toBe(400);
      expect((await fan.client.get("/api/activity?limit=0")).status).toBe(400);
      expect((await fan.client.get("/api/activity?limit=51")).status).toBe(400);
      expect((await new Client(t.url).get("/api/activity")).status).toBe(401);
      expect((await fan.client.get("/api/users/no_such_listener/activity")).status).toBe(404);
    });

    it("shows followed artists' albums of the last 90 days on Home only, not their older catalog", async () => {
      const fan = await listener("release-fan");
      const song = songs[15]!;
      const [album] = await t.query<{ id: string }>(
        `INSERT INTO albums (title, artist_id, created_at) VALUES ('Fresh Cuts', $1, now() - interval '1 day') RETURNING id`,
        [song.artistId],
      );
      await t.query(`UPDATE songs SET album_id = $1 WHERE id = $2`, [album!.id, song.id]);
      await t.query(
        `INSERT INTO albums (title, artist_id, created_at) VALUES ('Empty Promise', $1, now()) RETURNING id`,
        [song.artistId],
      );
      await fan.client.put(`/api/artists/${song.artistId}/follow`);
      const feed = await readAll(fan.client, "/api/activity");
      // The seed's albums reached the catalog long ago; an album with no song to play is no release.
      expect(feed.filter((e) => e.kind === "release").map(describeEntry)).toEqual([
        `${song.artist!.name} released Fresh Cuts`,
      ]);
      expect((await readAll(fan.client, `/api/users/${fan.handle}/activity`)).map((e) => e.kind)).toEqual([
        "artistFollow",
      ]);
    });

    it("refuses settings without a change or with a non-boolean (400), and without a session (401)", async () => {
      const someone = await listener("settings-typo");
      for (const body of [{}, { shareLikes: "maybe" }, { privateSession: 1 }]) {
        const res = await someone.client.put<{ message: string }>("/api/activity/settings", body);
        expect(res.status).toBe(400);
      }
      expect((await someone.client.get<ActivitySettingsDto>("/api/activity/settings")).body.shareLikes).toBe(
        true,
      );
      expect((await new Client(t.url).put("/api/activity/settings", { shareLikes: false })).status).toBe(401);
    });

    it("keeps a private session's plays out of the catalog's counts, but in the listener's own history", async () => {
      const quiet = await listener("private-player");
      const song = songs[10]!;
      const playCount = async () =>
        Number(
          (await t.query<{ n: number }>(`SELECT play_count AS n FROM songs WHERE id = $1`, [song.id]))[0]!.n,
        );
      const before = await playCount();

      const on = await quiet.client.put<ActivitySettingsDto>("/api/activity/settings", {
        privateSession: true,
      });
      const until = Date.parse(on.body.privateSessionUntil!);
      expect(Math.abs(until - (Date.now() + 6 * HOUR_MS))).toBeLessThan(60_000);
      expect((await quiet.client.post(`/api/songs/${song.id}/plays`)).body).toEqual({
        recorded: true,
        counted: false,
      });
      expect(await playCount()).toBe(before);
      const listeners = await t.query(`SELECT 1 FROM song_listeners WHERE song_id = $1 AND user_id = $2`, [
        song.id,
        quiet.uid,
      ]);
      expect(listeners).toEqual([]);
      const own = await quiet.client.get<SongDto[]>("/api/songs/recently-played");
      expect(own.body.map((s) => s.id)).toContain(song.id);
      expect(await t.query(`SELECT is_private FROM play_history WHERE user_id = $1`, [quiet.uid])).toEqual([
        { is_private: true },
      ]);

      // An ended session is off, whether turned off or run out.
      await t.query(
        `UPDATE profiles SET private_session_until = now() - interval '1 minute' WHERE user_id = $1`,
        [quiet.uid],
      );
      expect(
        (await quiet.client.get<ActivitySettingsDto>("/api/activity/settings")).body.privateSessionUntil,
      ).toBe(null);
      await quiet.client.put("/api/activity/settings", { privateSession: true });
      const off = await quiet.client.put<ActivitySettingsDto>("/api/activity/settings", {
        privateSession: false,
      });
      expect(off.body.privateSessionUntil).toBe(null);
      expect((await quiet.client.post(`/api/songs/${song.id}/plays`)).body).toEqual({
        recorded: true,
        counted: true,
      });
      expect(await playCount()).toBe(before + 1);
    });
  },
);
