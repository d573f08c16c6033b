// Browser-safe (no tRPC, no zod): the web imports it through `@purplebeats/contracts/constants`.
// test/procedure-meta.test.ts asserts that it lists exactly the procedures whose meta says `cache: "shared"`.

/** Procedures whose response is the same for every caller: a sign-in or sign-out need not read them again. */
export const SHARED_PROCEDURES: readonly string[] = [
  "albums.byId",
  "albums.songs",
  "artists.albums",
  "artists.appearsOn",
  "artists.byId",
  "artists.topSongs",
  "playlists.list",
  "search.all",
  "songs.byGenre",
  "songs.genres",
  "songs.list",
  "songs.search",
  "songs.trending",
];
