import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { catalog, planSong, stableUuid, STYLES } from "../src/index.js";
import { catalogImages, songAudioInput } from "../src/media.js";
import { SYSTEM_PLAYLIST_IDS } from "@purplebeats/db";

describe("seed catalog", () => {
  it("is big enough to browse and search", () => {
    expect(catalog.artists.length).toBeGreaterThanOrEqual(12);
    expect(new Set(catalog.songs.map((s) => s.genre)).size).toBeGreaterThanOrEqual(8);
    expect(catalog.songs.length).toBeGreaterThanOrEqual(48);
    for (const artist of catalog.artists) {
      const albums = catalog.albums.filter((a) => a.artistId === artist.id).length;
      expect(albums, artist.name).toBeGreaterThanOrEqual(2);
      expect(albums, artist.name).toBeLessThanOrEqual(3);
    }
  });

  it("is described in README.md as it is (songs, artists, genres)", () => {
    const readme = readFileSync(new URL("../../../README.md", import.meta.url), "utf8").replace(/\s+/g, " ");
    const genres = new Set(catalog.songs.map((s) => s.genre)).size;
    expect(readme).toContain(
      `${catalog.songs.length} songs by ${catalog.artists.length} artists in ${genres} genres`,
    );
  });

  it("has the five system playlists with 8-12 songs each", () => {
    expect(catalog.playlists.map((p) => p.id).sort()).toEqual([...SYSTEM_PLAYLIST_IDS].sort());
    for (const playlist of catalog.playlists) {
      expect(playlist.songSlugs.length).toBeGreaterThanOrEqual(8);
      expect(playlist.songSlugs.length).toBeLessThanOrEqual(12);
      expect(playlist.description.length).toBeGreaterThan(10);
    }
  });

  it("derives ids from names, so they are the same everywhere", () => {
    const song = catalog.songs.find((s) => s.slug === "marmalade-skyline")!;
    expect(song.id).toBe(stableUuid("song:marmalade-skyline"));
    expect(song.id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-5[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    const ids = [...catalog.artists, ...catalog.albums, ...catalog.songs].map((x) => x.id);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it("spreads song creation dates so New Releases has an order", () => {
    const times = catalog.songs.map((s) => s.createdAt.getTime());
    expect(new Set(times).size).toBe(times.length);
  });

  it("draws small deterministic SVG images", () => {
    const images = catalogImages(catalog);
    expect(images.length).toBe(catalog.albums.length + catalog.playlists.length + catalog.artists.length);
    for (const image of images) {
      expect(Buffer.byteLength(image.svg), image.file).toBeLessThan(3000);
      expect(image.svg).toMatch(/^<svg xmlns="http:\/\/www.w3.org\/2000\/svg"/);
    }
    expect(catalogImages(catalog)).toEqual(images);
  });

  it("gives every genre its own tempo range, keys and instruments", () => {
    const fingerprints = Object.values(STYLES).map((style) =>
      JSON.stringify([
        style.bpm,
        style.tonics,
        style.modes.map((m) => m.scale),
        style.chords.instruments,
        style.melody.instruments,
      ]),
    );
    expect(new Set(fingerprints).size).toBe(fingerprints.length);
    // And the songs actually planned differ per genre in tempo, key or sound.
    const planned = catalog.genres.map((genre) => {
      const plan = planSong(songAudioInput(catalog.songs.find((s) => s.genre === genre)!));
      return JSON.stringify([plan.bpm, plan.key.tonic, plan.key.scale, plan.instruments]);
    });
    expect(new Set(planned).size).toBe(planned.length);
  });
});
