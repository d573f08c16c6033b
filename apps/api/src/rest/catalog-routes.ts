import { route, param, query, sendPage, type RestRoute } from "./route-table.js";

const paging = ["limit", "cursor"];

export const catalogRoutes: RestRoute[] = [
  route(
    "GET",
    "/api/songs",
    "Songs, newest first",
    async (c, req, rep) => sendPage(rep, await c.songs.list(query(req))),
    { query: paging, paged: true },
  ),
  route(
    "GET",
    "/api/songs/recently-played",
    "The caller's recently played songs",
    async (c, req, rep) => sendPage(rep, await c.songs.recentlyPlayed(query(req))),
    { query: paging, paged: true },
  ),
  route(
    "GET",
    "/api/songs/trending",
    "Songs by play count",
    async (c, req, rep) => sendPage(rep, await c.songs.trending(query(req))),
    { query: paging, paged: true },
  ),
  route("GET", "/api/songs/genres", "Genre names", (c) => c.songs.genres()),
  route(
    "GET",
    "/api/songs/genre/:genre",
    "Songs of a genre",
    async (c, req, rep) => sendPage(rep, await c.songs.byGenre(query(req, { genre: param(req, "genre") }))),
    { query: paging, paged: true },
  ),
  route(
    "GET",
    "/api/songs/search",
    "Songs matching q (typos tolerated)",
    async (c, req, rep) => sendPage(rep, await c.songs.search(query(req))),
    { query: ["q", ...paging], paged: true },
  ),
  route(
    "GET",
    "/api/songs/radio",
    "Songs like the seeds (comma-separated song ids), best first, without the excluded ones",
    async (c, req, rep) => sendPage(rep, await c.songs.radio(query(req))),
    { query: ["seeds", "exclude", ...paging], paged: true },
  ),
  route(
    "POST",
    "/api/songs/:songId/plays",
    "Record a play of a song",
    (c, req) => c.songs.recordPlay({ songId: param(req, "songId") }),
    { successStatus: 201 },
  ),
  route(
    "GET",
    "/api/search",
    "Songs, playlists and artists matching q (suggestions)",
    (c, req) => c.search.all(query(req)),
    { query: ["q", "limit"] },
  ),
  route(
    "GET",
    "/api/playlists",
    "Editorial (system) playlists, oldest first: the same for everyone",
    async (c, req, rep) => sendPage(rep, await c.playlists.list(query(req))),
    { query: paging, paged: true },
  ),
  route("GET", "/api/playlists/:id", "A playlist with its songs", (c, req) =>
    c.playlists.byId({ id: param(req, "id") }),
  ),
  route("GET", "/api/artists/:id", "An artist", (c, req) => c.artists.byId({ id: param(req, "id") })),
  route(
    "GET",
    "/api/artists/:id/top-songs",
    "An artist's most played songs",
    async (c, req, rep) => sendPage(rep, await c.artists.topSongs(query(req, { id: param(req, "id") }))),
    { query: paging, paged: true },
  ),
  route(
    "GET",
    "/api/artists/:id/albums",
    "An artist's albums, newest first",
    async (c, req, rep) => sendPage(rep, await c.artists.albums(query(req, { id: param(req, "id") }))),
    { query: paging, paged: true },
  ),
  route(
    "GET",
    "/api/artists/:id/appears-on",
    "Albums of others (compilations) with songs of the artist, newest first",
    async (c, req, rep) => sendPage(rep, await c.artists.appearsOn(query(req, { id: param(req, "id") }))),
    { query: paging, paged: true },
  ),
  route("GET", "/api/albums/:id", "An album with its song count and length", (c, req) =>
    c.albums.byId({ id: param(req, "id") }),
  ),
  route(
    "GET",
    "/api/albums/:id/songs",
    "An album's songs in disc and track order",
    async (c, req, rep) => sendPage(rep, await c.albums.songs(query(req, { id: param(req, "id") }))),
    { query: paging, paged: true },
  ),
];
