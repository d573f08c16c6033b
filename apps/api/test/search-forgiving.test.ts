import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { testBackends } from "@purplebeats/db/testing";
import type { SearchResultDto, SongDto } from "@purplebeats/contracts";
import { getJson, startTestServer, type TestServer } from "./helpers/server.js";
import { eventually, insertArtists } from "./helpers/catalog-rows.js";

// Forgiving search over HTTP: typos of every kind in any word, accents, case and punctuation, genres and the
// results' sections. The songs are added after the server started, so every typo below is corrected by
// words the dictionary learnt from the catalog's changes (its triggers' queue, folded in every few seconds).
const ARTISTS = ["Beyoncé", "Sigur Rós", "AC/DC", "Guns N' Roses", "Quiet Unit", "Harbour Crew"];
const SONGS: Array<[title: string, artist: string, plays: number, genre: string]> = [
  ["Marzipan Lantern", "Quiet Unit", 500, "Pop"],
  ["Marzipan Lantern", "Harbour Crew", 10, "Pop"],
  ["Quiet Marzipan Harbour", "Quiet Unit", 900, "Pop"],
  ["Thunderstruck Voltage", "AC/DC", 300, "Rock"],
  ["Halo Reverie", "Beyoncé", 200, "R&B"],
  ["Hoppipolla Glow", "Sigur Rós", 100, "Ambient"],
  ["Sweet Paradise Child", "Guns N' Roses", 100, "Rock"],
  ["Harbor Lights", "Quiet Unit", 5, "Pop"],
  ["Harbour Lights", "Harbour Crew", 1000, "Pop"],
  ["Quicksilver Meadow", "Quiet Unit", 1, "Pop"],
];
/** Lyrics of some of the songs above (unsynced lines). */
const LYRICS: Array<[song: string, lines: string[]]> = [
  ["Halo Reverie/Beyoncé", ["Under the quicksilver meadow", "we keep dancing"]],
  ["Harbor Lights/Quiet Unit", ["A velvetine orchid grows"]],
  ["Harbour Lights/Harbour Crew", ["Orchid of velvetine, grow"]],
];

describe.each(testBackends())("forgiving search on %s", (kind) => {
  let t: TestServer;
  const idOf = new Map<string, string>();
  const songs = async (q: string) =>
    (await getJson<SongDto[]>(`${t.url}/api/songs/search?q=${encodeURIComponent(q)}`)).body;
  const all = async (q: string) =>
    (await getJson<SearchResultDto>(`${t.url}/api/search?q=${encodeURIComponent(q)}`)).body;
  const titlesOf = async (q: string) => (await songs(q)).map((s) => s.title);

  beforeAll(async () => {
    t = await startTestServer(kind);
    const q = (sql: string, params: unknown[]) => t.query<{ id: string }>(sql, params);
    const artistIds = await insertArtists(t, ARTISTS);
    await q(`INSERT INTO albums (title, artist_id) VALUES ('Lemonade Orchard', $1)`, [
      artistIds.get("Beyoncé"),
    ]);
    for (const [title, artist, plays, genre] of SONGS) {
      const [song] = await q(
        `INSERT INTO songs (title, artist_id, duration, play_count, genre) VALUES ($1, $2, 200, $3, $4) RETURNING id`,
        [title, artistIds.get(artist), plays, genre],
      );
      idOf.set(`${title}/${artist}`, song!.id);
    }
    for (const [song, lines] of LYRICS)
      await q(`INSERT INTO lyrics (song_id, synced, lines) VALUES ($1, false, $2::jsonb)`, [
        idOf.get(song),
        JSON.stringify(lines.map((text) => ({ timeMs: null, text }))),
      ]);
    await eventually(
      async () => (await songs("mrazipan")).length > 0,
      "the typo dictionary learns the new songs' words",
    );
  });
  afterAll(async () => {
    await t?.close();
  });

  it.each([
    ["a swapped pair", "mrazipan"],
    ["a missing letter", "marzpan"],
    ["an extra letter", "marzzipan"],
    ["a doubled letter at the end", "marzipann"],
    ["a missing last letter", "marzipa"],
    ["a wrong letter (a neighbouring key)", "marzipqn"],
    ["a wrong first letter", "narzipan"],
  ])("puts the intended word's best song first despite %s (%s)", async (_, typo) => {
    const intended = await songs("marzipan");
    // Exact title and prefix first; among equal titles the most played.
    expect(intended[0]!.id).toBe(idOf.get("Marzipan Lantern/Quiet Unit"));
    expect((await songs(typo))[0]!.id).toBe(intended[0]!.id);
  });

  it("forgives two edits in a word of 9+ letters, and a typo in any word of several", async () => {
    expect((await titlesOf("thnderstrcuk"))[0]).toBe("Thunderstruck Voltage");
    expect((await titlesOf("quiet marzipna harbour"))[0]).toBe("Quiet Marzipan Harbour");
    expect((await titlesOf("qiuet marzipan harbour"))[0]).toBe("Quiet Marzipan Harbour");
    expect((await titlesOf("Thunderstruck Votlage"))[0]).toBe("Thunderstruck Voltage");
  });

  it("ranks an exact word above a more popular correction of it", async () => {
    // 'harbor' is a word of the catalog: taken as written, though 'Harbour Lights' is played far more.
    expect((await titlesOf("harbor"))[0]).toBe("Harbor Lights");
    expect(await titlesOf("harbor lights")).toEqual(expect.arrayContaining(["Harbor Lights"]));
    expect((await titlesOf("harbor lights"))[0]).toBe("Harbor Lights");
  });

  it.each([
    ["beyonce", "Beyoncé"],
    ["BEYONCÉ", "Beyoncé"],
    ["beyonse", "Beyoncé"],
    ["sigur ros", "Sigur Rós"],
    ["acdc", "AC/DC"],
    ["AC/DC", "AC/DC"],
    ["guns n roses", "Guns N' Roses"],
    ["guns n’ roses", "Guns N' Roses"],
  ])("finds %s as the artist %s, with their songs", async (q, artist) => {
    const result = await all(q);
    expect(result.artists[0]?.name).toBe(artist);
    expect(result.songs.map((s) => s.artist?.name)).toContain(artist);
    expect((await songs(q)).map((s) => s.artist?.name)).toContain(artist);
  });

  it("answers sections for songs, artists, albums and playlists", async () => {
    const result = await all("lemonade");
    expect(result.albums[0]).toMatchObject({ title: "Lemonade Orchard", artist: { name: "Beyoncé" } });
    const byArtist = await all("beyonce");
    expect(byArtist.songs.map((s) => s.title)).toContain("Halo Reverie");
    expect(byArtist.albums.map((a) => a.title)).toContain("Lemonade Orchard");
    const playlists = await all("discover");
    expect(playlists.playlists.map((p) => p.id)).toContain("discover-weekly");
    expect(Array.isArray(playlists.songs) && Array.isArray(playlists.artists)).toBe(true);
  });

  it.each([
    ["rock", "Rock"],
    ["ROCK", "Rock"],
    ["hip hop", "Hip-Hop"],
    ["electornic", "Electronic"],
    ["r&b", "R&B"],
  ])("lists the songs of the genre %s names", async (q, genre) => {
    const result = await all(q);
    expect(result.genre?.name).toBe(genre);
    expect(result.genre!.songs.length).toBeGreaterThan(0);
    expect(result.genre!.songs.every((s) => s.genre === genre)).toBe(true);
    const plays = result.genre!.songs.map((s) => s.playCount);
    expect([...plays].sort((a, b) => b - a)).toEqual(plays);
    expect(result.songs.length).toBeGreaterThan(0);
  });

  it("has no genre section for a text that names none", async () => {
    expect((await all("marzipan")).genre).toBeNull();
  });

  it("finds songs by their lyrics, below the songs whose titles match", async () => {
    // 'Halo Reverie' is played far more than 'Quicksilver Meadow': a title still beats lyrics.
    expect(await titlesOf("quicksilver meadow")).toEqual(["Quicksilver Meadow", "Halo Reverie"]);
    // Across lines, case and the last word unfinished, as a listener types a line they heard.
    expect(await titlesOf("Meadow, we keep danc")).toEqual(["Halo Reverie"]);
    // Lyrics holding the words in the order typed come before a more played song's that hold them apart.
    expect(await titlesOf("velvetine orchid")).toEqual(["Harbor Lights", "Harbour Lights"]);
    expect(await titlesOf("velvetine meadow")).toEqual([]);
  });

  it("learns a renamed song's new words and forgets the old ones", async () => {
    const id = idOf.get("Hoppipolla Glow/Sigur Rós")!;
    await t.server.db.dataSource.query(`UPDATE songs SET title = 'Quasarine Glow' WHERE id = $1`, [id]);
    await eventually(
      async () => (await songs("qausarine")).some((s) => s.id === id),
      "the renamed song is found by a typo of its new title",
    );
    const [row] = (await t.server.db.dataSource.query(
      `SELECT count(*)::int AS n FROM search_terms WHERE term = 'hoppipolla'`,
    )) as Array<{ n: number }>;
    expect(row!.n).toBe(0);
  });
});
