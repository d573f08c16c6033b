// "Your music" as SPEC.md section 7 names it, plus the owner's extras (count, remove, reorder, copy, delete).
import { route, sendPage, type RestRoute } from "./route-table.js";

// One line per path, like SPEC.md's table (STYLE.md), so the formatter leaves this table alone.
// prettier-ignore
export const libraryRoutes: RestRoute[] = [
  route("GET", "/api/liked-songs", "The caller's liked songs, newest like first (premium)", "likedSongs.list", async (c, input, rep) => sendPage(rep, await c.likedSongs.list(input)), { paged: true }),
  route("GET", "/api/liked-songs/count", "How many songs the caller likes: {count}", "likedSongs.count", (c) => c.likedSongs.count()),
  route("GET", "/api/liked-songs/:songId/check", "Whether the caller likes a song: {isLiked}", "likedSongs.check", (c, input) => c.likedSongs.check(input)),
  route("POST", "/api/liked-songs", "Like a song {songId} (premium; liking twice keeps one like)", "likedSongs.like", (c, input) => c.likedSongs.like(input)),
  route("DELETE", "/api/liked-songs/:songId", "Unlike a song (premium)", "likedSongs.unlike", (c, input) => c.likedSongs.unlike(input)),

  route("GET", "/api/liked-playlists/:userId", "The caller's liked playlists, newest first", "likedPlaylists.list", async (c, input, rep) => sendPage(rep, await c.likedPlaylists.list(input)), { paged: true }),
  route("GET", "/api/liked-playlists/:playlistId/check", "Whether the caller likes a playlist: {isLiked}", "likedPlaylists.check", (c, input) => c.likedPlaylists.check(input)),
  route("POST", "/api/liked-playlists", "Like a playlist {playlistId, userId} (premium)", "likedPlaylists.like", (c, input) => c.likedPlaylists.like(input)),
  route("DELETE", "/api/liked-playlists/:playlistId", "Unlike a playlist (premium)", "likedPlaylists.unlike", (c, input) => c.likedPlaylists.unlike(input)),

  route("GET", "/api/library-playlists/:userId", "The caller's library playlists, newest first", "libraryPlaylists.list", async (c, input, rep) => sendPage(rep, await c.libraryPlaylists.list(input)), { paged: true }),
  route("GET", "/api/library-playlists/:playlistId/check", "Whether a playlist is in the caller's library: {isInLibrary}", "libraryPlaylists.check", (c, input) => c.libraryPlaylists.check(input)),
  route("POST", "/api/library-playlists", "Add a playlist to the library {playlistId, userId} (premium)", "libraryPlaylists.add", (c, input) => c.libraryPlaylists.add(input)),
  route("DELETE", "/api/library-playlists/:playlistId", "Remove a playlist from the library (premium)", "libraryPlaylists.remove", (c, input) => c.libraryPlaylists.remove(input)),

  route("GET", "/api/playlists/user/:userId", "Playlists the caller created, newest first", "myPlaylists.list", async (c, input, rep) => sendPage(rep, await c.myPlaylists.list(input)), { paged: true }),
  route("GET", "/api/playlists/collection/:userId", "The caller's own, liked and library playlists, each once, newest first", "myPlaylists.collected", async (c, input, rep) => sendPage(rep, await c.myPlaylists.collected(input)), { paged: true }),
  route("POST", "/api/playlists", "Create a playlist {name, description, imageUrl, isPublic} owned by the caller (premium)", "myPlaylists.create", (c, input) => c.myPlaylists.create(input), { successStatus: 201 }),
  route("PUT", "/api/playlists/:id", "Rename a playlist, change its picture or description, or make it private or public {name | imageUrl | description | isPublic} (owner, premium)", "myPlaylists.update", (c, input) => c.myPlaylists.update(input)),
  route("DELETE", "/api/playlists/:id", "Delete a playlist (owner, premium)", "myPlaylists.delete", (c, input) => c.myPlaylists.delete(input)),
  route("POST", "/api/playlists/:id/songs", "Append a song {songId} at songCount + 1 (owner, premium)", "myPlaylists.addSong", (c, input) => c.myPlaylists.addSong(input), { successStatus: 201 }),
  route("DELETE", "/api/playlists/:id/songs/:songId", "Remove a song; later songs move up (owner, premium)", "myPlaylists.removeSong", (c, input) => c.myPlaylists.removeSong(input)),
  route("PUT", "/api/playlists/:id/songs/order", "Reorder the songs {songIds: every song once} (owner, premium)", "myPlaylists.reorder", (c, input) => c.myPlaylists.reorder(input)),
  route("POST", "/api/playlists/:id/songs/from/:sourceId", "Append the songs of another playlist that this one lacks (owner, premium)", "myPlaylists.copySongs", (c, input) => c.myPlaylists.copySongs(input)),
];
