import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { testBackends } from "@purplebeats/db/testing";
import { SYSTEM_USER_ID } from "@purplebeats/db";
import type { PlaylistDto, SearchResultDto } from "@purplebeats/contracts";
import { Client, getJson, startTestServer, type TestServer } from "./helpers/server.js";
import { eventually, insertArtists } from "./helpers/catalog-rows.js";
import { premiumListener } from "./helpers/pi-sim.js";

// The suggestions' artist, album and playlist sections (GET /api/search), as a listener reads them: the
// exact name first, then names starting with the text, then names holding it; a misspelt name finds what
// its correction finds; titled albums first, then the newest albums of the artists that match.
const ARTISTS = ["Grey Zephyrine", "Zephyrine Parade", "Zephyrine", "Quillon", "Other Band"];
const ALBUMS: Array<[title: string, artist: string, released: string]> = [
  ["Early Rain", "Zephyrine", "2010-05-01"],
  ["Cloudbank", "Zephyrine", "2020-05-01"],
  ["Zephyrine Nights", "Other Band", "2015-05-01"],
];

const ADMIN_UID = "suggestions-admin";

describe.each(testBackends())("search suggestions' names on %s", (kind) => {
  let t: TestServer;
  const all = async (q: string) =>
    (await getJson<SearchResultDto>(`${t.url}/api/search?q=${encodeURIComponent(q)}`)).body;

  beforeAll(async () => {
    t = await startTestServer(kind, { adminUids: new Set([ADMIN_UID]) });
    const q = (sql: string, params: unknown[]) => t.query<{ id: string }>(sql, params);
    const artistIds = await insertArtists(t, ARTISTS);
    for (const [title, artist, released] of ALBUMS)
      await q(`INSERT INTO albums (title, artist_id, release_date) VALUES ($1, $2, $3) RETURNING id`, [
        title,
        artistIds.get(artist),
        released,
      ]);
    for (const title of ["Quillons Tide", "Zephyrine Lullaby"])
      await q(
        `INSERT INTO songs (title, artist_id, duration, play_count) VALUES ($1, $2, 200, 5) RETURNING id`,
        [title, artistIds.get("Other Band")],
      );
    for (const [id, name, isPublic] of [
      ["zephyrine-mornings", "Zephyrine Mornings", true],
      ["zephyrine-secret", "Zephyrine Secret", false],
    ] as const)
      await q(
        `INSERT INTO playlists (id, name, is_public, created_by) VALUES ($1, $2, $3, $4) RETURNING id`,
        [id, name, isPublic, SYSTEM_USER_ID],
      );
    // A song is found by a typo of its title only once the dictionary has learnt the new words.
    await eventually(
      async () => (await getJson<unknown[]>(`${t.url}/api/songs/search?q=zephyrnie`)).body.length > 0,
      "the typo dictionary learns the new names",
    );
  });
  afterAll(async () => {
    await t?.close();
  });

  it("lists the exact name first, then names starting with the text, then names holding it", async () => {
    expect((await all("zephyrine")).artists.map((a) => a.name)).toEqual([
      "Zephyrine",
      "Zephyrine Parade",
      "Grey Zephyrine",
    ]);
  });

  it("lists titled albums first, then the newest albums of the artists that match", async () => {
    const albums = (await all("zephyrine")).albums;
    expect(albums.map((a) => a.title)).toEqual(["Zephyrine Nights", "Cloudbank", "Early Rain"]);
    expect(albums[0]!.artist?.name).toBe("Other Band");
    expect(albums[1]!.artist?.name).toBe("Zephyrine");
  });

  it("shows public playlists only", async () => {
    expect((await all("zephyrine")).playlists.map((p) => p.name)).toEqual(["Zephyrine Mornings"]);
  });

  it("finds for a misspelt name what its correction finds, in the same order", async () => {
    const right = await all("zephyrine");
    const typo = await all("zephyrnie");
    expect(typo.artists).toEqual(right.artists);
    expect(typo.albums).toEqual(right.albums);
    expect(typo.playlists).toEqual(right.playlists);
  });

  it("suggests a name alike to a word the catalog knows, though no name holds it", async () => {
    expect((await all("quillons")).artists.map((a) => a.name)).toContain("Quillon");
  });

  it("ranks a text of two letters the same way (a bounded scan, not the trigram indexes)", async () => {
    const result = await all("ze");
    const artists = result.artists.map((a) => a.name);
    expect(artists.slice(0, 2).sort()).toEqual(["Zephyrine", "Zephyrine Parade"]);
    expect(artists[2]).toBe("Grey Zephyrine");
    const albums = result.albums.map((a) => a.title);
    expect(albums).toContain("Zephyrine Nights");
    expect(albums.slice(-2)).toEqual(["Cloudbank", "Early Rain"]);
  });

  // A text of one or two letters is answered from memory for a while (SHORT_SEARCH_TTL_MS): a change
  // must still show in the next answer.
  it("shows a public playlist created, renamed or deleted in a short text's suggestions at once", async () => {
    const owner = new Client(t.url);
    await premiumListener(owner, `xu-owner-${kind}`);
    const names = async () => (await all("xu")).playlists.map((p) => p.name);
    expect(await names()).toEqual([]);
    const created = await owner.post<PlaylistDto>("/api/playlists", { name: "Xu Night Mix", isPublic: true });
    expect(created.status).toBe(201);
    expect(await names()).toEqual(["Xu Night Mix"]);
    const path = `/api/playlists/${created.body.id}`;
    expect((await owner.put(path, { name: "Xu Open Air" })).status).toBe(200);
    expect(await names()).toEqual(["Xu Open Air"]);
    expect((await owner.del(path)).status).toBe(200);
    expect(await names()).toEqual([]);
  });

  it("drops a song an admin hid from a short text's suggestions at once", async () => {
    const admin = new Client(t.url);
    await admin.signInWithPi(ADMIN_UID, ADMIN_UID);
    const songs = async () => (await all("qu")).songs;
    const song = (await songs()).find((s) => s.title === "Quillons Tide");
    expect(song).toBeDefined();
    expect((await admin.put(`/api/admin/songs/${song!.id}`, { hidden: true })).status).toBe(200);
    expect((await songs()).map((s) => s.title)).not.toContain("Quillons Tide");
    expect((await admin.put(`/api/admin/songs/${song!.id}`, { hidden: false })).status).toBe(200);
    expect((await songs()).map((s) => s.title)).toContain("Quillons Tide");
  });

  it("keeps to the limit asked for", async () => {
    const two = (await getJson<SearchResultDto>(`${t.url}/api/search?q=zephyrine&limit=2`)).body;
    expect(two.artists.map((a) => a.name)).toEqual(["Zephyrine", "Zephyrine Parade"]);
    expect(two.albums.map((a) => a.title)).toEqual(["Zephyrine Nights", "Cloudbank"]);
  });

  // Texts within the 200-character limit that fold into far more letters (one '㍿' is four): they once ran
  // the server out of memory or held it for 38 s. Each path answers at once, and the server stays up.
  it.each([
    ["㍿ × 200", "㍿".repeat(200)],
    ["㍻ × 200", "㍻".repeat(200)],
    ["平成 × 100", "平成".repeat(100)],
    ["U+FDFA × 200", "\ufdfa".repeat(200)],
  ])("answers %s at once on every search path", async (_, text) => {
    const q = encodeURIComponent(text);
    for (const path of [`/api/search?q=${q}`, `/api/songs/search?q=${q}`]) {
      const started = performance.now();
      const res = await getJson(`${t.url}${path}`);
      expect(res.status, path).toBe(200);
      expect(performance.now() - started, path).toBeLessThan(1_000);
    }
    expect((await all("zephyrine")).artists.length).toBeGreaterThan(0);
  });
});
