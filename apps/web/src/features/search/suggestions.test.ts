import { describe, expect, it } from "vitest";
import { artist, playlist, song, songs } from "../../test-utils/catalog";
import { pickSuggestions } from "./suggestions";

describe("pickSuggestions", () => {
  it("shares the 8 places fairly between songs, playlists and artists, grouped by kind", () => {
    const picked = pickSuggestions(
      {
        songs: songs(10),
        playlists: [playlist(1), playlist(2)],
        artists: [artist(1)],
        albums: [],
        genre: null,
      },
      8,
    );
    expect(picked.map((item) => item.kind)).toEqual([
      "song",
      "song",
      "song",
      "song",
      "song",
      "playlist",
      "playlist",
      "artist",
    ]);
  });

  it("labels each kind as SPEC.md says", () => {
    const [track, list, person] = pickSuggestions(
      {
        songs: [song(1, { artist: null })],
        playlists: [playlist(1, { songCount: 3 })],
        artists: [artist(2)],
        albums: [],
        genre: null,
      },
      8,
    );
    expect(track).toMatchObject({ label: "Song 1", detail: "Unknown Artist" });
    expect(list).toMatchObject({ label: "Playlist 1", detail: "Playlist • 3 songs" });
    expect(person).toMatchObject({ label: "Artist 2", detail: "Artist" });
    expect(track?.target("p1")).toBe("/search?q=Song%201&playlist=p1");
    expect(list?.target(null)).toBe("/playlist/playlist-1");
    expect(person?.target(null)).toBe(`/artist/${artist(2).id}`);
  });
});
