// "Your music" as SPEC.md section 7 names it, plus the owner's extras (count, remove, reorder, copy, delete).
import { body, param, query, route, sendPage, type RestRoute } from "./route-table.js";

const paging = ["limit", "cursor"];

// One line per path, like SPEC.md's table (STYLE.md), so the formatter leaves this table alone.
// prettier-ignore
export const libraryRoutes: RestRoute[] = [
  route("GET", "/api/liked-songs", "likedSongs.list", "The caller's liked songs, newest like first (premium)", async (c, req, rep) => sendPage(rep, await c.likedSongs.list(query(req))), { query: paging, paged: true }),
  route("GET", "/api/liked-songs/count", "likedSongs.count", "How many songs the caller likes: {count}", (c) => c.likedSongs.count()),
  route("GET", "/api/liked-songs/:songId/check", "likedSongs.check", "Whether the caller likes a song: {isLiked}", (c, req) => c.likedSongs.check({ songId: param(req, "songId") })),
  route("POST", "/api/liked-songs", "likedSongs.like", "Like a song {songId} (premium; liking twice keeps one like)", (c, req) => c.likedSongs.like(body(req))),
  route("DELETE", "/api/liked-songs/:songId", "likedSongs.unlike", "Unlike a song (premium)", (c, req) => c.likedSongs.unlike({ songId: param(req, "songId") })),

  route("GET", "/api/liked-playlists/:userId", "likedPlaylists.list", "The caller's liked playlists, newest first", async (c, req, rep) => sendPage(rep, await c.likedPlaylists.list(query(req, { userId: param(req, "userId") }))), { query: paging, paged: true }),
  route("GET", "/api/liked-playlists/:id/check", "likedPlaylists.check", "Whether the caller likes a playlist: {isLiked}", (c, req) => c.likedPlaylists.check(query(req, { playlistId: param(req, "id") })), { query: ["userId"] }),
  route("POST", "/api/liked-playlists", "likedPlaylists.like", "Like a playlist {playlistId, userId} (premium)", (c, req) => c.likedPlaylists.like(body(req))),
  route("DELETE", "/api/liked-playlists/:id", "likedPlaylists.unlike", "Unlike a playlist (premium)", (c, req) => c.likedPlaylists.unlike(query(req, { playlistId: param(req, "id") })), { query: ["userId"] }),

  route("GET", "/api/library-playlists/:userId", "libraryPlaylists.list", "The caller's library playlists, newest first", async (c, req, rep) => sendPage(rep, await c.libraryPlaylists.list(query(req, { userId: param(req, "userId") }))), { query: paging, paged: true }),
  route("GET", "/api/library-playlists/:id/check", "libraryPlaylists.check", "Whether a playlist is in the caller's library: {isInLibrary}", (c, req) => c.libraryPlaylists.check(query(req, { playlistId: param(req, "id") })), { query: ["userId"] }),
  route("POST", "/api/library-playlists", "libraryPlaylists.add", "Add a playlist to the library {playlistId, userId} (premium)", (c, req) => c.libraryPlaylists.add(body(req))),
  route("DELETE", "/api/library-playlists/:id", "libraryPlaylists.remove", "Remove a playlist from the library (premium)", (c, req) => c.libraryPlaylists.remove(query(req, { playlistId: param(req, "id") })), { query: ["userId"] }),

  route("GET", "/api/playlists/user/:userId", "myPlaylists.list", "Playlists the caller created, newest first", async (c, req, rep) => sendPage(rep, await c.myPlaylists.list(query(req, { userId: param(req, "userId") }))), { query: paging, paged: true }),
  route("GET", "/api/playlists/collection/:userId", "myPlaylists.collected", "The caller's own, liked and library playlists, each once, newest first", async (c, req, rep) => sendPage(rep, await c.myPlaylists.collected(query(req, { userId: param(req, "userId") }))), { query: paging, paged: true }),
  route("POST", "/api/playlists", "myPlaylists.create", "Create a playlist {name, description, imageUrl, isPublic} owned by the caller (premium)", (c, req) => c.myPlaylists.create(body(req)), { successStatus: 201 }),
  route("PUT", "/api/playlists/:id", "myPlaylists.update", "Rename a playlist or change its picture {name | imageUrl} (owner, premium)", (c, req) => c.myPlaylists.update(body(req, { id: param(req, "id") }))),
  route("DELETE", "/api/playlists/:id", "myPlaylists.delete", "Delete a playlist (owner, premium)", (c, req) => c.myPlaylists.delete({ id: param(req, "id") })),
  route("POST", "/api/playlists/:id/songs", "myPlaylists.addSong", "Append a song {songId} at songCount + 1 (owner, premium)", (c, req) => c.myPlaylists.addSong(body(req, { id: param(req, "id") })), { successStatus: 201 }),
  route("DELETE", "/api/playlists/:id/songs/:songId", "myPlaylists.removeSong", "Remove a song; later songs move up (owner, premium)", (c, req) => c.myPlaylists.removeSong({ id: param(req, "id"), songId: param(req, "songId") })),
  route("PUT", "/api/playlists/:id/songs/order", "myPlaylists.reorder", "Reorder the songs {songIds: every song once} (owner, premium)", (c, req) => c.myPlaylists.reorder(body(req, { id: param(req, "id") }))),
  route("POST", "/api/playlists/:id/songs/from/:sourceId", "myPlaylists.copySongs", "Append the songs of another playlist that this one lacks (owner, premium)", (c, req) => c.myPlaylists.copySongs({ id: param(req, "id"), sourceId: param(req, "sourceId") })),
];
