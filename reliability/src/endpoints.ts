// What each endpoint accepts: a valid request per route of /api/openapi.json (and its tRPC twin), with
// the kind of every part, so that the fuzzer knows how to spoil each one.

/** Valid values the fuzzer starts from (a signed-in premium user's own things). */
export interface Fixtures {
  uid: string;
  songId: string;
  /** A song that is not in ownPlaylistId. */
  songId2: string;
  ownPlaylistId: string;
  systemPlaylistId: string;
  genre: string;
  artistId: string;
  albumId: string;
  paymentId: string;
  txid: string;
}

export type Kind =
  | "uuid"
  | "playlistId"
  | "userId"
  | "paymentId"
  | "txid"
  | "accessToken"
  | "piUser"
  | "profileName"
  | "playlistName"
  | "description"
  | "imageUrl"
  | "avatarURL"
  | "bool"
  | "amount"
  | "metadata"
  | "paymentStatus"
  | "limit100"
  | "limit50"
  | "limit20"
  | "cursor"
  | "q"
  | "genre"
  | "songIds"
  /** Song ids in one comma-separated text (radio's seeds and exclusions). */
  | "songIdList"
  | "uploadToken"
  | "quality"
  /** Accepted and ignored (SPEC's `position`, `createdBy`): nothing to spoil. */
  | "ignored";

export interface Field {
  kind: Kind;
  required?: boolean;
  value: (f: Fixtures) => unknown;
  /** A well-formed id nobody has is answered 404 here. */
  notFound?: boolean;
  /** Its name in the procedure's input, when the path names it differently. */
  as?: string;
  /** Required in the REST path, optional in the procedure (the caller's own id by default). */
  optionalInProcedure?: boolean;
  /** null is a valid value (nullish fields). */
  nullable?: boolean;
}

export interface Template {
  method: "GET" | "POST" | "PUT" | "DELETE";
  /** Fastify syntax (`:id`), as the route table writes it. */
  path: string;
  /** The tRPC twin, when there is one. */
  procedure?: string;
  procedureType?: "query" | "mutation";
  params?: Record<string, Field>;
  query?: Record<string, Field>;
  /** Present when the route reads a JSON body. */
  body?: Record<string, Field>;
  /** Not a tRPC twin: the upload PUT takes raw bytes. */
  raw?: boolean;
}

const f = (kind: Kind, value: (x: Fixtures) => unknown, extra: Partial<Field> = {}): Field => ({
  kind,
  value,
  ...extra,
});
const page = (max: 100 | 50 | 20 = 100): Record<string, Field> => ({
  limit: f(max === 100 ? "limit100" : max === 50 ? "limit50" : "limit20", () => "5"),
  cursor: f("cursor", () => undefined),
});
const me = (x: Fixtures) => x.uid;

export const TEMPLATES: Template[] = [
  // Catalog
  { method: "GET", path: "/api/songs", procedure: "songs.list", query: page() },
  { method: "GET", path: "/api/songs/recently-played", procedure: "songs.recentlyPlayed", query: page() },
  { method: "GET", path: "/api/songs/trending", procedure: "songs.trending", query: page() },
  { method: "GET", path: "/api/songs/genres", procedure: "songs.genres" },
  {
    method: "GET",
    path: "/api/songs/genre/:genre",
    procedure: "songs.byGenre",
    params: { genre: f("genre", (x) => x.genre, { required: true }) },
    query: page(),
  },
  {
    method: "GET",
    path: "/api/songs/search",
    procedure: "songs.search",
    query: { q: f("q", () => "moon", { required: true }), ...page(50) },
  },
  {
    method: "GET",
    path: "/api/songs/radio",
    procedure: "songs.radio",
    query: {
      seeds: f("songIdList", (x) => x.songId, { required: true }),
      exclude: f("songIdList", (x) => x.songId2),
      ...page(50),
    },
  },
  {
    method: "POST",
    path: "/api/songs/:songId/plays",
    procedure: "songs.recordPlay",
    procedureType: "mutation",
    params: { songId: f("uuid", (x) => x.songId, { required: true, notFound: true }) },
  },
  {
    method: "GET",
    path: "/api/search",
    procedure: "search.all",
    query: { q: f("q", () => "moon", { required: true }), limit: f("limit20", () => "5") },
  },
  { method: "GET", path: "/api/playlists", procedure: "playlists.list", query: page() },
  {
    method: "GET",
    path: "/api/playlists/:id",
    procedure: "playlists.byId",
    params: { id: f("playlistId", (x) => x.systemPlaylistId, { required: true, notFound: true }) },
  },
  {
    method: "GET",
    path: "/api/artists/:id",
    procedure: "artists.byId",
    params: { id: f("uuid", (x) => x.artistId, { required: true, notFound: true }) },
  },
  ...(["top-songs", "albums", "appears-on"] as const).map((part): Template => ({
    method: "GET",
    path: `/api/artists/:id/${part}`,
    procedure: `artists.${part === "top-songs" ? "topSongs" : part === "albums" ? "albums" : "appearsOn"}`,
    params: { id: f("uuid", (x) => x.artistId, { required: true, notFound: true }) },
    query: page(),
  })),
  {
    method: "GET",
    path: "/api/albums/:id",
    procedure: "albums.byId",
    params: { id: f("uuid", (x) => x.albumId, { required: true, notFound: true }) },
  },
  {
    method: "GET",
    path: "/api/albums/:id/songs",
    procedure: "albums.songs",
    params: { id: f("uuid", (x) => x.albumId, { required: true, notFound: true }) },
    query: page(),
  },

  // Accounts
  { method: "GET", path: "/api/me", procedure: "auth.me" },
  { method: "POST", path: "/api/guest", procedure: "auth.guest", procedureType: "mutation", body: {} },
  {
    method: "POST",
    path: "/api/pi/login",
    procedure: "auth.piLogin",
    procedureType: "mutation",
    body: {
      accessToken: f("accessToken", () => "forged-token-0123456789", { required: true }),
      user: f("piUser", (x) => ({ uid: x.uid, username: "fuzzer" })),
    },
  },
  { method: "POST", path: "/api/logout", procedure: "auth.logout", procedureType: "mutation", body: {} },
  {
    method: "GET",
    path: "/api/profile/:userId",
    procedure: "profile.get",
    params: { userId: f("userId", me, { required: true }) },
  },
  {
    method: "PUT",
    path: "/api/profile/:userId",
    procedure: "profile.update",
    procedureType: "mutation",
    params: { userId: f("userId", me, { required: true }) },
    body: { name: f("profileName", () => "Fuzz Tester", { required: true }) },
  },
  {
    method: "PUT",
    path: "/api/profile/:userId/avatar",
    procedure: "profile.updateAvatar",
    procedureType: "mutation",
    params: { userId: f("userId", me, { required: true }) },
    body: { avatarURL: f("avatarURL", () => "/objects/none.png", { required: true }) },
  },
  {
    method: "GET",
    path: "/api/profile/:userId/stats",
    procedure: "profile.stats",
    params: { userId: f("userId", me, { required: true }) },
  },
  {
    method: "POST",
    path: "/api/objects/upload",
    procedure: "uploads.grant",
    procedureType: "mutation",
    body: {},
  },
  // A song's audio and lyrics, and the library scan (issue 13).
  {
    method: "GET",
    path: "/api/songs/:songId/stream",
    procedure: "songs.stream",
    params: { songId: f("uuid", (x) => x.songId, { required: true, notFound: true }) },
    query: { quality: f("quality", () => "standard") },
  },
  {
    method: "GET",
    path: "/api/songs/:songId/lyrics",
    procedure: "songs.lyrics",
    params: { songId: f("uuid", (x) => x.songId, { required: true, notFound: true }) },
  },
  {
    method: "POST",
    path: "/api/admin/library/scan",
    procedure: "admin.scanLibrary",
    procedureType: "mutation",
    body: {},
  },
  { method: "GET", path: "/api/admin/library/scans/latest", procedure: "admin.latestLibraryScan" },
  { method: "GET", path: "/api/admin/stats", procedure: "admin.stats" },
  { method: "GET", path: "/api/admin/users", procedure: "admin.users", query: page() },
  {
    method: "PUT",
    path: "/api/admin/users/:userId/admin",
    procedure: "admin.setAdminRole",
    procedureType: "mutation",
    params: { userId: f("userId", me, { required: true }) },
    body: { isAdmin: f("bool", () => false) },
  },
  // Admins filling the catalog (issue 13): every caller here is a premium listener, so each answers 403.
  {
    method: "POST",
    path: "/api/admin/library/uploads",
    procedure: "admin.libraryUploadGrant",
    procedureType: "mutation",
    body: {},
  },
  {
    method: "POST",
    path: "/api/admin/library/uploads/ingest",
    procedure: "admin.ingestLibraryUpload",
    procedureType: "mutation",
    body: {
      uploadURL: f("imageUrl", () => "/api/admin/library/uploads/none", { required: true }),
      fileName: f("q", () => "song.flac", { required: true }),
    },
  },
  { method: "GET", path: "/api/admin/songs", procedure: "admin.songs", query: { q: f("q", () => "moon") } },
  {
    method: "PUT",
    path: "/api/admin/songs/:id",
    procedure: "admin.updateSong",
    procedureType: "mutation",
    params: { id: f("uuid", (x) => x.songId, { required: true }) },
    body: { hidden: f("bool", () => false) },
  },
  {
    method: "PUT",
    path: "/api/admin/albums/:id",
    procedure: "admin.updateAlbum",
    procedureType: "mutation",
    params: { id: f("uuid", (x) => x.songId, { required: true }) },
    body: { membersOnly: f("bool", () => false) },
  },
  {
    method: "PUT",
    path: "/api/admin/artists/:id",
    procedure: "admin.updateArtist",
    procedureType: "mutation",
    params: { id: f("uuid", (x) => x.artistId, { required: true }) },
    body: { name: f("profileName", () => "Fuzz Artist") },
  },
  { method: "GET", path: "/api/admin/playlists", procedure: "admin.editorialPlaylists" },
  {
    method: "POST",
    path: "/api/admin/playlists",
    procedure: "admin.createEditorialPlaylist",
    procedureType: "mutation",
    body: {
      name: f("playlistName", () => "Fuzz editorial", { required: true }),
      description: f("description", () => "made by the fuzzer"),
    },
  },
  {
    method: "GET",
    path: "/api/admin/playlists/:id",
    procedure: "admin.editorialPlaylist",
    params: { id: f("playlistId", (x) => x.systemPlaylistId, { required: true }) },
  },
  {
    method: "PUT",
    path: "/api/admin/playlists/:id",
    procedure: "admin.updateEditorialPlaylist",
    procedureType: "mutation",
    params: { id: f("playlistId", (x) => x.systemPlaylistId, { required: true }) },
    body: { description: f("description", () => "kept by the fuzzer") },
  },
  {
    method: "DELETE",
    path: "/api/admin/playlists/:id",
    procedure: "admin.deleteEditorialPlaylist",
    procedureType: "mutation",
    params: { id: f("playlistId", (x) => x.systemPlaylistId, { required: true }) },
  },
  {
    method: "PUT",
    path: "/api/admin/playlists/:id/songs",
    procedure: "admin.setEditorialPlaylistSongs",
    procedureType: "mutation",
    params: { id: f("playlistId", (x) => x.systemPlaylistId, { required: true }) },
    body: { songIds: f("songIds", (x) => [x.songId], { required: true }) },
  },
  {
    method: "POST",
    path: "/api/admin/artists/merge",
    procedure: "admin.mergeArtists",
    procedureType: "mutation",
    body: {
      fromId: f("uuid", (x) => x.artistId, { required: true }),
      intoId: f("uuid", (x) => x.songId, { required: true }),
    },
  },
  {
    method: "PUT",
    path: "/api/admin/library/uploads/:token",
    raw: true,
    params: { token: f("uploadToken", () => "x".repeat(43), { required: true }) },
  },
  {
    method: "PUT",
    path: "/api/objects/upload/:token",
    raw: true,
    params: { token: f("uploadToken", () => "x".repeat(43), { required: true }) },
  },

  // Premium
  {
    method: "GET",
    path: "/api/membership/:userId",
    procedure: "membership.get",
    params: { userId: f("userId", me, { required: true }) },
  },
  {
    method: "POST",
    path: "/api/pi/payment",
    procedure: "payments.create",
    procedureType: "mutation",
    body: {
      paymentId: f("paymentId", () => "fuzz-payment-0001", { required: true }),
      userId: f("userId", me),
      amount: f("amount", () => "3.14", { required: true }),
      status: f("paymentStatus", () => "created"),
      metadata: f("metadata", (x) =>
        JSON.stringify({ productId: "premium_membership", userId: x.uid, duration: "1_month" }),
      ),
    },
  },
  {
    method: "POST",
    path: "/api/pi/payment/incomplete",
    procedure: "payments.resolveIncomplete",
    procedureType: "mutation",
    body: {
      paymentId: f("paymentId", (x) => x.paymentId, { required: true }),
      txid: f("txid", (x) => x.txid, { nullable: true }),
    },
  },
  {
    method: "POST",
    path: "/api/pi/payment/:paymentId/approve",
    procedure: "payments.approve",
    procedureType: "mutation",
    params: { paymentId: f("paymentId", (x) => x.paymentId, { required: true, notFound: true }) },
    body: {},
  },
  {
    method: "POST",
    path: "/api/pi/payment/:paymentId/complete",
    procedure: "payments.complete",
    procedureType: "mutation",
    params: { paymentId: f("paymentId", (x) => x.paymentId, { required: true, notFound: true }) },
    body: { txid: f("txid", (x) => x.txid, { required: true }) },
  },

  // Your music
  { method: "GET", path: "/api/liked-songs", procedure: "likedSongs.list", query: page() },
  { method: "GET", path: "/api/liked-songs/count", procedure: "likedSongs.count" },
  {
    method: "GET",
    path: "/api/liked-songs/:songId/check",
    procedure: "likedSongs.check",
    params: { songId: f("uuid", (x) => x.songId, { required: true }) },
  },
  {
    method: "POST",
    path: "/api/liked-songs",
    procedure: "likedSongs.like",
    procedureType: "mutation",
    body: { songId: f("uuid", (x) => x.songId, { required: true, notFound: true }) },
  },
  {
    method: "DELETE",
    path: "/api/liked-songs/:songId",
    procedure: "likedSongs.unlike",
    procedureType: "mutation",
    params: { songId: f("uuid", (x) => x.songId2, { required: true }) },
  },
  ...(["liked-playlists", "library-playlists"] as const).flatMap((set): Template[] => {
    const proc = set === "liked-playlists" ? "likedPlaylists" : "libraryPlaylists";
    const [add, remove] = set === "liked-playlists" ? ["like", "unlike"] : ["add", "remove"];
    return [
      {
        method: "GET",
        path: `/api/${set}/:userId`,
        procedure: `${proc}.list`,
        params: { userId: f("userId", me, { required: true, optionalInProcedure: true }) },
        query: page(),
      },
      {
        method: "GET",
        path: `/api/${set}/:playlistId/check`,
        procedure: `${proc}.check`,
        params: { playlistId: f("playlistId", (x) => x.systemPlaylistId, { required: true }) },
        query: { userId: f("userId", me) },
      },
      {
        method: "POST",
        path: `/api/${set}`,
        procedure: `${proc}.${add}`,
        procedureType: "mutation",
        body: {
          playlistId: f("playlistId", (x) => x.systemPlaylistId, { required: true, notFound: true }),
          userId: f("userId", me),
        },
      },
      {
        method: "DELETE",
        path: `/api/${set}/:playlistId`,
        procedure: `${proc}.${remove}`,
        procedureType: "mutation",
        params: { playlistId: f("playlistId", (x) => x.systemPlaylistId, { required: true }) },
        query: { userId: f("userId", me) },
      },
    ];
  }),
  {
    method: "GET",
    path: "/api/playlists/user/:userId",
    procedure: "myPlaylists.list",
    params: { userId: f("userId", me, { required: true, optionalInProcedure: true }) },
    query: page(),
  },
  {
    method: "GET",
    path: "/api/playlists/collection/:userId",
    procedure: "myPlaylists.collected",
    params: { userId: f("userId", me, { required: true, optionalInProcedure: true }) },
    query: page(),
  },
  {
    method: "POST",
    path: "/api/playlists",
    procedure: "myPlaylists.create",
    procedureType: "mutation",
    body: {
      name: f("playlistName", () => "Fuzz list", { required: true }),
      description: f("description", () => "made by the fuzzer"),
      imageUrl: f("imageUrl", () => null),
      isPublic: f("bool", () => true),
      createdBy: f("ignored", me),
    },
  },
  {
    method: "PUT",
    path: "/api/playlists/:id",
    procedure: "myPlaylists.update",
    procedureType: "mutation",
    params: { id: f("playlistId", (x) => x.ownPlaylistId, { required: true, notFound: true }) },
    body: {
      name: f("playlistName", () => "Fuzz renamed", { required: true }),
      imageUrl: f("imageUrl", () => undefined),
      description: f("description", () => undefined),
    },
  },
  {
    method: "DELETE",
    path: "/api/playlists/:id",
    procedure: "myPlaylists.delete",
    procedureType: "mutation",
    params: { id: f("playlistId", (x) => x.ownPlaylistId, { required: true, notFound: true }) },
  },
  {
    method: "POST",
    path: "/api/playlists/:id/songs",
    procedure: "myPlaylists.addSong",
    procedureType: "mutation",
    params: { id: f("playlistId", (x) => x.ownPlaylistId, { required: true, notFound: true }) },
    body: {
      songId: f("uuid", (x) => x.songId2, { required: true, notFound: true }),
      position: f("ignored", () => 1),
    },
  },
  {
    method: "DELETE",
    path: "/api/playlists/:id/songs/:songId",
    procedure: "myPlaylists.removeSong",
    procedureType: "mutation",
    params: {
      id: f("playlistId", (x) => x.ownPlaylistId, { required: true, notFound: true }),
      songId: f("uuid", (x) => x.songId, { required: true, notFound: true }),
    },
  },
  {
    method: "PUT",
    path: "/api/playlists/:id/songs/order",
    procedure: "myPlaylists.reorder",
    procedureType: "mutation",
    params: { id: f("playlistId", (x) => x.ownPlaylistId, { required: true, notFound: true }) },
    body: { songIds: f("songIds", (x) => [x.songId], { required: true }) },
  },
  {
    method: "POST",
    path: "/api/playlists/:id/songs/from/:sourceId",
    procedure: "myPlaylists.copySongs",
    procedureType: "mutation",
    params: {
      id: f("playlistId", (x) => x.ownPlaylistId, { required: true, notFound: true }),
      sourceId: f("playlistId", (x) => x.systemPlaylistId, { required: true, notFound: true }),
    },
  },
];

export const templateKey = (method: string, path: string) => `${method} ${path}`;
