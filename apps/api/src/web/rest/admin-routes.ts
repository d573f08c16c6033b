import { route, type RestRoute } from "./route-table.js";

// Admins filling the catalog: audio uploads (the PUT itself: web/http/library-uploads.ts) and catalog edits.
// prettier-ignore
export const adminCatalogRoutes: RestRoute[] = [
  route("POST", "/api/admin/library/uploads", "A single-use URL to PUT one audio file to (500 MB at most): {uploadURL}", "admin.libraryUploadGrant", (c) => c.admin.libraryUploadGrant(), { successStatus: 201 }),
  route("POST", "/api/admin/library/uploads/ingest", "Hand an uploaded audio file {uploadURL, fileName} to ingestion: {state, songId, title, artist}", "admin.ingestLibraryUpload", (c, input) => c.admin.ingestLibraryUpload(input), { successStatus: 202 }),
  route("GET", "/api/admin/songs", "Songs by title, artist or album ?q= (hidden ones too), for catalog management", "admin.songs", (c, input) => c.admin.songs(input)),
  route("PUT", "/api/admin/songs/:id", "Edit a song {title | hidden | membersOnly}", "admin.updateSong", (c, input) => c.admin.updateSong(input)),
  route("PUT", "/api/admin/albums/:id", "Edit an album {title | membersOnly} (members only: its songs need premium)", "admin.updateAlbum", (c, input) => c.admin.updateAlbum(input)),
  route("PUT", "/api/admin/artists/:id", "Edit an artist {name | imageUrl} (an uploaded image /objects/... or one of the catalog's, /media/...)", "admin.updateArtist", (c, input) => c.admin.updateArtist(input)),
  route("GET", "/api/admin/playlists", "Editorial (system) playlists, oldest first, as Home lists them", "admin.editorialPlaylists", (c) => c.admin.editorialPlaylists()),
  route("POST", "/api/admin/playlists", "Create an editorial playlist {name, description?, imageUrl?} (an uploaded image /objects/... or one of the catalog's, /media/...)", "admin.createEditorialPlaylist", (c, input) => c.admin.createEditorialPlaylist(input), { successStatus: 201 }),
  route("GET", "/api/admin/playlists/:id", "An editorial playlist with its songs in order (hidden and unavailable ones flagged)", "admin.editorialPlaylist", (c, input) => c.admin.editorialPlaylist(input)),
  route("PUT", "/api/admin/playlists/:id", "Edit an editorial playlist {name | description | imageUrl} ('' removes the description or cover)", "admin.updateEditorialPlaylist", (c, input) => c.admin.updateEditorialPlaylist(input)),
  route("DELETE", "/api/admin/playlists/:id", "Delete an editorial playlist (a seeded one is not made again at the next start)", "admin.deleteEditorialPlaylist", (c, input) => c.admin.deleteEditorialPlaylist(input)),
  route("PUT", "/api/admin/playlists/:id/songs", "Set an editorial playlist's songs {songIds} in order (adding, removing and reordering are each one list)", "admin.setEditorialPlaylistSongs", (c, input) => c.admin.setEditorialPlaylistSongs(input)),
  route("POST", "/api/admin/artists/merge", "Merge two artists {fromId, intoId}: fromId's songs and albums move to intoId, fromId is removed", "admin.mergeArtists", (c, input) => c.admin.mergeArtists(input)),
];
