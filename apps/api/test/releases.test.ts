// Releases over HTTP: an artist's manager uploads a single through the ingestion pipeline; its song is
// nowhere (search, the artist's page, streams) until an admin approves it, then it plays and the artist's
// followers are told; a refusal carries a reason the artist reads; the artist edits and takes down; an
// admin takedown hides it everywhere at once. Bad input is a 4xx that writes nothing; another artist's
// managers cannot touch a release.
import { mkdtemp, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type {
  AdminArtistRequestDto,
  AdminReleaseDto,
  NotificationDto,
  ReleaseDto,
  SongDto,
} from "@purplebeats/contracts";
import { testBackends } from "@purplebeats/db/testing";
import { Client, startTestServer, type TestServer } from "./helpers/server.js";
import { makeTrack } from "./helpers/library.js";
import { PNG } from "./helpers/images.js";

const ADMIN_UID = "releases-admin-uid";

describe.each(testBackends("row locks and the catalog's write turn decide races"))(
  "artist releases on %s",
  (kind) => {
    let t: TestServer;
    let admin: Client;
    let work: string;
    let tone = 300;

    beforeAll(async () => {
      work = await mkdtemp(path.join(tmpdir(), "pb-release-src-"));
      t = await startTestServer(kind, { adminUids: new Set([ADMIN_UID]) });
      admin = new Client(t.url);
      await admin.signInWithPi("releases-admin", ADMIN_UID);
    });
    afterAll(async () => {
      await t?.close();
      await rm(work, { recursive: true, force: true });
    });

    /** A Pi listener who runs a new, approved artist. */
    async function artistManager(name: string) {
      const client = new Client(t.url);
      await client.signInWithPi(`${name.toLowerCase().replace(/\W+/g, "-")}-manager`);
      const asked = await client.post<{ id: string }>("/api/artist-requests", {
        kind: "new",
        name,
        evidence: "https://example.com/me",
      });
      const decided = await admin.post<AdminArtistRequestDto>(
        `/api/admin/artist-requests/${asked.body.id}/decision`,
        {
          decision: "approve",
        },
      );
      return { client, artistId: decided.body.artistId! };
    }

    const put = (client: Client, url: string, bytes: Uint8Array, type: string) =>
      fetch(url, {
        method: "PUT",
        headers: { "x-purplebeats-client": "1", cookie: client.cookie, "content-type": type },
        body: bytes,
      });

    /** An audio file of the release, uploaded: a tone of its own, so that each is new music. */
    async function uploadAudio(client: Client, artistId: string, title: string) {
      const file = await makeTrack(
        work,
        `${title}.flac`,
        { title, artist: "Tag Artist" },
        { frequency: tone++ },
      );
      const grant = await client.post<{ uploadURL: string }>("/api/artist-studio/releases/uploads", {
        artistId,
      });
      expect(grant.status).toBe(201);
      expect((await put(client, grant.body.uploadURL, await readFile(file), "audio/flac")).status).toBe(200);
      return { uploadURL: grant.body.uploadURL, fileName: `${title}.flac` };
    }

    async function uploadCover(client: Client) {
      const { uploadURL } = (await client.post<{ uploadURL: string }>("/api/objects/upload")).body;
      expect((await put(client, uploadURL, PNG, "image/png")).status).toBe(200);
      return uploadURL;
    }

    async function submitSingle(client: Client, artistId: string, title: string) {
      const track = await uploadAudio(client, artistId, `${title} file`);
      const submitted = await client.post<ReleaseDto>("/api/artist-studio/releases", {
        artistId,
        kind: "single",
        title,
        genre: "Synthwave",
        releaseDate: "2026-12-01",
        credits: "Written and produced by the artist",
        coverUrl: await uploadCover(client),
        rightsAttested: true,
        // No title of its own: a single's one song is named as the single.
        tracks: [track],
      });
      expect(submitted.status).toBe(201);
      return submitted.body;
    }

    /** Waits for the release's song to be encoded, and answers its id. */
    async function encodedSong(client: Client, release: ReleaseDto) {
      for (const deadline = Date.now() + 240_000; Date.now() < deadline;) {
        const list = await client.get<ReleaseDto[]>(
          `/api/artist-studio/releases?artistId=${release.artistId}`,
        );
        const song = list.body.find((r) => r.id === release.id)?.songs[0];
        if (song) return song.id;
        await new Promise((r) => setTimeout(r, 300));
      }
      throw new Error("the release's song was never encoded");
    }

    const found = async (client: Client, title: string) =>
      (
        await client.get<{ songs: Array<{ title: string }> }>(`/api/search?q=${encodeURIComponent(title)}`)
      ).body.songs.some((s) => s.title === title);
    const streamStatus = async (client: Client, songId: string) =>
      (await fetch(`${t.url}/api/songs/${songId}/stream`, { headers: { cookie: client.cookie } })).status;
    const topSongs = async (client: Client, artistId: string) =>
      (await client.get<{ items?: SongDto[] } | SongDto[]>(`/api/artists/${artistId}/top-songs`)).body;
    const titles = (page: { items?: SongDto[] } | SongDto[]) =>
      (Array.isArray(page) ? page : (page.items ?? [])).map((s) => s.title);

    it("keeps a single hidden until approved; approved, it plays, is found and reaches followers", async () => {
      const { client: manager, artistId } = await artistManager("Neon Tide");
      const fan = new Client(t.url);
      await fan.signInWithPi("neon-fan");
      expect((await fan.put(`/api/artists/${artistId}/follow`)).status).toBe(200);

      const release = await submitSingle(manager, artistId, "Midnight Ferry");
      expect(release).toMatchObject({ status: "pending", kind: "single", trackCount: 1, reason: null });
      const songId = await encodedSong(manager, release);

      // Held for review: not found, not on the artist's page, not playable, not in anyone's inbox.
      expect(await found(fan, "Midnight Ferry")).toBe(false);
      expect(titles(await topSongs(fan, artistId))).toEqual([]);
      expect(await streamStatus(fan, songId)).toBe(404);
      expect(await streamStatus(manager, songId)).toBe(404);
      expect((await fan.get(`/api/albums/${release.albumId}`)).status).toBe(404);

      const queue = await admin.get<AdminReleaseDto[]>("/api/admin/releases");
      const queued = queue.body.find((r) => r.id === release.id);
      expect(queued).toMatchObject({
        title: "Midnight Ferry",
        artistName: "Neon Tide",
        credits: "Written and produced by the artist",
        submitter: { username: "neon-tide-manager" },
        songs: [{ id: songId, title: "Midnight Ferry" }],
      });
      // Listeners and managers cannot review.
      expect(
        (await manager.post(`/api/admin/releases/${release.id}/decision`, { decision: "approve" })).status,
      ).toBe(403);

      const approved = await admin.post<AdminReleaseDto>(`/api/admin/releases/${release.id}/decision`, {
        decision: "approve",
      });
      expect(approved.status).toBe(200);
      expect(approved.body.status).toBe("approved");
      expect(await found(fan, "Midnight Ferry")).toBe(true);
      expect(titles(await topSongs(fan, artistId))).toEqual(["Midnight Ferry"]);
      expect(await streamStatus(fan, songId)).toBe(200);
      const tracks = await fan.get<{ items?: SongDto[] } | SongDto[]>(`/api/albums/${release.albumId}/songs`);
      expect(titles(tracks.body)).toEqual(["Midnight Ferry"]);

      let told: NotificationDto[] = [];
      for (const deadline = Date.now() + 30_000; told.length === 0 && Date.now() < deadline;) {
        told = (await fan.get<NotificationDto[]>("/api/notifications")).body.filter(
          (n) => n.kind === "new_release",
        );
        if (told.length === 0) await new Promise((r) => setTimeout(r, 300));
      }
      expect(told).toHaveLength(1);
      expect(told[0]).toMatchObject({ body: "Midnight Ferry", link: `/album/${release.albumId}` });

      // Decided once.
      expect(
        (
          await admin.post(`/api/admin/releases/${release.id}/decision`, {
            decision: "refuse",
            reason: "late",
          })
        ).status,
      ).toBe(409);

      // An admin's takedown hides it everywhere at once, and the artist reads why.
      expect((await admin.post(`/api/admin/releases/${release.id}/takedown`, {})).status).toBe(400);
      const down = await admin.post<AdminReleaseDto>(`/api/admin/releases/${release.id}/takedown`, {
        reason: "Rights claim by the label",
      });
      expect(down.body).toMatchObject({ status: "taken_down", takenDownBy: "admin" });
      expect(await found(fan, "Midnight Ferry")).toBe(false);
      expect(titles(await topSongs(fan, artistId))).toEqual([]);
      expect(await streamStatus(fan, songId)).toBe(404);
      const mine = await manager.get<ReleaseDto[]>(`/api/artist-studio/releases?artistId=${artistId}`);
      expect(mine.body[0]).toMatchObject({ status: "taken_down", reason: "Rights claim by the label" });
    });

    it("refuses with a reason the artist reads; the songs stay hidden", async () => {
      const { client: manager, artistId } = await artistManager("Paper Lanterns");
      const release = await submitSingle(manager, artistId, "Glass Orchard");
      const songId = await encodedSong(manager, release);
      const noReason = await admin.post(`/api/admin/releases/${release.id}/decision`, { decision: "refuse" });
      expect(noReason.status).toBe(400);
      const refused = await admin.post<AdminReleaseDto>(`/api/admin/releases/${release.id}/decision`, {
        decision: "refuse",
        reason: "The cover is blurry",
      });
      expect(refused.body.status).toBe("refused");
      const mine = await manager.get<ReleaseDto[]>(`/api/artist-studio/releases?artistId=${artistId}`);
      expect(mine.body[0]).toMatchObject({ status: "refused", reason: "The cover is blurry" });
      expect(await streamStatus(manager, songId)).toBe(404);
      expect(await found(manager, "Glass Orchard")).toBe(false);
      // Not one by one past the review either: the dashboard's song edit cannot show it.
      const unhide = await admin.put<{ message: string }>(`/api/admin/songs/${songId}`, { hidden: false });
      expect(unhide.status).toBe(409);
      expect(await streamStatus(manager, songId)).toBe(404);
    });

    it("lets the artist edit a release's facts and take it down; no one else may", async () => {
      const { client: manager, artistId } = await artistManager("Copper Sky");
      const { client: stranger } = await artistManager("Other Act");
      const release = await submitSingle(manager, artistId, "Rust Belt");
      const songId = await encodedSong(manager, release);
      await admin.post(`/api/admin/releases/${release.id}/decision`, { decision: "approve" });

      const edited = await manager.put<ReleaseDto>(`/api/artist-studio/releases/${release.id}`, {
        title: "Rust Belt (Remastered)",
        genre: "Ambient",
        membersOnly: true,
      });
      expect(edited.status).toBe(200);
      expect(edited.body).toMatchObject({
        title: "Rust Belt (Remastered)",
        genre: "Ambient",
        membersOnly: true,
      });
      // A single's one song carries its title.
      expect(await found(stranger, "Rust Belt (Remastered)")).toBe(true);
      const album = await stranger.get<{ title: string; membersOnly: boolean }>(
        `/api/albums/${release.albumId}`,
      );
      expect(album.body).toMatchObject({ title: "Rust Belt (Remastered)", membersOnly: true });
      // Members only now: a free listener is refused the stream.
      expect(await streamStatus(stranger, songId)).toBe(403);

      // Another artist's manager: not found, nothing changes.
      expect(
        (await stranger.put(`/api/artist-studio/releases/${release.id}`, { title: "Mine" })).status,
      ).toBe(404);
      expect((await stranger.post(`/api/artist-studio/releases/${release.id}/takedown`)).status).toBe(404);
      expect((await stranger.get(`/api/artist-studio/releases?artistId=${artistId}`)).status).toBe(403);

      const down = await manager.post<ReleaseDto>(`/api/artist-studio/releases/${release.id}/takedown`);
      expect(down.body).toMatchObject({ status: "taken_down", takenDownBy: "artist", reason: null });
      expect((await stranger.get(`/api/albums/${release.albumId}`)).status).toBe(404);
      expect(await found(stranger, "Rust Belt")).toBe(false);
    });

    it("refuses bad input with a 4xx and writes nothing", async () => {
      const { client: manager, artistId } = await artistManager("Quiet Engine");
      const { client: stranger, artistId: otherArtist } = await artistManager("Loud Engine");
      const releases = async () =>
        Number((await t.query<{ n: string }>(`SELECT count(*) AS n FROM releases`))[0]!.n);
      const albums = async () =>
        Number((await t.query<{ n: string }>(`SELECT count(*) AS n FROM albums`))[0]!.n);
      const before = [await releases(), await albums()];
      const track = await uploadAudio(manager, artistId, "Idle Hum");
      const good = {
        artistId,
        kind: "single",
        title: "Idle Hum",
        genre: "Drone",
        releaseDate: "2026-12-24",
        coverUrl: await uploadCover(manager),
        rightsAttested: true,
        tracks: [track],
      };
      const refusals: Array<[unknown, number, RegExp?]> = [
        [{ ...good, rightsAttested: false }, 400, /hold the rights/],
        [{ ...good, rightsAttested: undefined }, 400, /hold the rights/],
        [{ ...good, tracks: [] }, 400, /at least one audio file/],
        [{ ...good, tracks: [track, track] }, 400],
        [
          { ...good, tracks: [1, 2, 3, 4].map((i) => ({ ...track, uploadURL: `${track.uploadURL}${i}` })) },
          400,
          /at most 3/,
        ],
        [{ ...good, releaseDate: "2026-02-30" }, 400, /Release date/],
        [{ ...good, title: "   " }, 400, /Title is required/],
        [{ ...good, kind: "mixtape" }, 400],
        [{ ...good, coverUrl: "https://elsewhere.example/cover.png" }, 400],
        [{ ...good, tracks: [{ ...track, uploadURL: "/api/objects/upload/nope" }] }, 400],
        [{ ...good, artistId: otherArtist }, 403, /managers/],
      ];
      for (const [body, status, message] of refusals) {
        const res = await manager.post<{ message: string }>("/api/artist-studio/releases", body);
        expect(res.status, JSON.stringify(body)).toBe(status);
        if (message) expect(res.body.message).toMatch(message);
      }
      // Someone else's uploaded file is not theirs to release.
      const theirs = await stranger.post<{ message: string }>("/api/artist-studio/releases", {
        ...good,
        artistId: otherArtist,
        coverUrl: await uploadCover(stranger),
      });
      expect(theirs.status).toBe(403);
      // Upload grants are for the artist's managers only.
      expect((await stranger.post("/api/artist-studio/releases/uploads", { artistId })).status).toBe(403);
      const guest = new Client(t.url);
      await guest.asGuest();
      expect((await guest.post("/api/artist-studio/releases/uploads", { artistId })).status).toBe(403);
      expect([await releases(), await albums()]).toEqual(before);

      // The same file, accepted: then the same recording again is refused (409) as already in the catalog.
      const first = await manager.post<ReleaseDto>("/api/artist-studio/releases", good);
      expect(first.status).toBe(201);
      await encodedSong(manager, first.body);
      const again = await manager.post<{ message: string }>("/api/artist-studio/releases", {
        ...good,
        tracks: [await reupload(manager, artistId, track.fileName)],
      });
      expect(again.status).toBe(409);
      expect(again.body.message).toMatch(/already in the catalog/);
    });

    it("decides a release once when admins decide at once, and lists songs encoded after the approval", async () => {
      const { client: manager, artistId } = await artistManager("Twin Peaks Choir");
      const fan = new Client(t.url);
      await fan.signInWithPi("twin-fan");
      // Decided at once, before its song is (likely) encoded.
      const release = await submitSingle(manager, artistId, "Echo Valley");
      const decisions = await Promise.all([
        admin.post(`/api/admin/releases/${release.id}/decision`, { decision: "approve" }),
        admin.post(`/api/admin/releases/${release.id}/decision`, { decision: "refuse", reason: "No" }),
        admin.post(`/api/admin/releases/${release.id}/decision`, { decision: "approve" }),
      ]);
      expect(decisions.map((d) => d.status).sort()).toEqual([200, 409, 409]);
      const decided = decisions.find((d) => d.status === 200)!.body as AdminReleaseDto;
      const songId = await encodedSong(manager, release);
      expect(await streamStatus(fan, songId)).toBe(decided.status === "approved" ? 200 : 404);
      expect(await found(fan, "Echo Valley")).toBe(decided.status === "approved");
    });

    /** The same audio as the last tone made for `fileName`, uploaded again through a new grant. */
    async function reupload(client: Client, artistId: string, fileName: string) {
      const grant = await client.post<{ uploadURL: string }>("/api/artist-studio/releases/uploads", {
        artistId,
      });
      const bytes = await readFile(path.join(work, fileName));
      expect((await put(client, grant.body.uploadURL, bytes, "audio/flac")).status).toBe(200);
      return { uploadURL: grant.body.uploadURL, fileName };
    }
  },
);
