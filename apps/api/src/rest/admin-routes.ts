import { body, param, query, route, type RestRoute } from "./route-table.js";

// Admins filling the catalog: audio uploads (the PUT itself: http/library-uploads.ts) and catalog edits.
// prettier-ignore
export const adminCatalogRoutes: RestRoute[] = [
  route("POST", "/api/admin/library/uploads", "admin.libraryUploadGrant", "A single-use URL to PUT one audio file to (500 MB at most): {uploadURL}", (c) => c.admin.libraryUploadGrant(), { successStatus: 201 }),
  route("POST", "/api/admin/library/uploads/ingest", "admin.ingestLibraryUpload", "Hand an uploaded audio file {uploadURL, fileName} to ingestion: {state, songId, title, artist}", (c, req) => c.admin.ingestLibraryUpload(body(req)), { successStatus: 202 }),
  route("GET", "/api/admin/songs", "admin.songs", "Songs by title, artist or album ?q= (hidden ones too), for catalog management", (c, req) => c.admin.songs(query(req)), { query: ["q"] }),
  route("PUT", "/api/admin/songs/:id", "admin.updateSong", "Edit a song {title | hidden | membersOnly}", (c, req) => c.admin.updateSong(body(req, { id: param(req, "id") }))),
  route("PUT", "/api/admin/albums/:id", "admin.updateAlbum", "Edit an album {title | membersOnly} (members only: its songs need premium)", (c, req) => c.admin.updateAlbum(body(req, { id: param(req, "id") }))),
  route("PUT", "/api/admin/artists/:id", "admin.updateArtist", "Edit an artist {name | imageUrl} (an uploaded image /objects/... or one of the catalog's, /media/...)", (c, req) => c.admin.updateArtist(body(req, { id: param(req, "id") }))),
  route("GET", "/api/admin/playlists", "admin.editorialPlaylists", "Editorial (system) playlists, oldest first, as Home lists them", (c) => c.admin.editorialPlaylists()),
  route("POST", "/api/admin/playlists", "admin.createEditorialPlaylist", "Create an editorial playlist {name, description?, imageUrl?} (an uploaded image /objects/... or one of the catalog's, /media/...)", (c, req) => c.admin.createEditorialPlaylist(body(req)), { successStatus: 201 }),
  route("GET", "/api/admin/playlists/:id", "admin.editorialPlaylist", "An editorial playlist with its songs in order (hidden and unavailable ones flagged)", (c, req) => c.admin.editorialPlaylist({ id: param(req, "id") })),
  route("PUT", "/api/admin/playlists/:id", "admin.updateEditorialPlaylist", "Edit an editorial playlist {name | description | imageUrl} ('' removes the description or cover)", (c, req) => c.admin.updateEditorialPlaylist(body(req, { id: param(req, "id") }))),
  route("DELETE", "/api/admin/playlists/:id", "admin.deleteEditorialPlaylist", "Delete an editorial playlist (a seeded one is not made again at the next start)", (c, req) => c.admin.deleteEditorialPlaylist({ id: param(req, "id") })),
  route("PUT", "/api/admin/playlists/:id/songs", "admin.setEditorialPlaylistSongs", "Set an editorial playlist's songs {songIds} in order (adding, removing and reordering are each one list)", (c, req) => c.admin.setEditorialPlaylistSongs(body(req, { id: param(req, "id") }))),
  route("POST", "/api/admin/artists/merge", "admin.mergeArtists", "Merge two artists {fromId, intoId}: fromId's songs and albums move to intoId, fromId is removed", (c, req) => c.admin.mergeArtists(body(req))),
];
