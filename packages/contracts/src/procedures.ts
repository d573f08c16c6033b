// Every procedure by its dotted name ("songs.list"), with its input and response types and schemas: what
// the REST shim's route table, the OpenAPI document and the reliability suite describe procedures by.
import { z } from "zod";
import { appRouter, type RouterInputs, type RouterOutputs } from "./root.js";
import {
  adminAlbumSchema,
  adminArtistSchema,
  adminRoleSchema,
  adminSongSchema,
  adminStatsSchema,
  adminTokenDtoSchema,
  adminUserSchema,
  albumSchema,
  copyPlaylistSongsSchema,
  countSchema,
  createdAdminTokenSchema,
  deletedEditorialPlaylistSchema,
  deletedPlaylistSchema,
  editorialPlaylistDetailSchema,
  editorialPlaylistSchema,
  libraryChangeSchema,
  libraryPlaylistSchema,
  libraryScanSchema,
  libraryStateSchema,
  libraryUploadSchema,
  likedPlaylistSchema,
  likedSongSchema,
  likeStateSchema,
  loggedOutSchema,
  legalDocumentsSchema,
  accountOverviewSchema,
  receiptSchema,
  playEntrySchema,
  personalDataExportSchema,
  accountDeletedSchema,
  skipPassSchema,
  lyricsSchema,
  membershipSchema,
  meSchema,
  pageOf,
  paymentCompletionSchema,
  paymentSchema,
  playlistDetailSchema,
  playlistLikeSchema,
  playlistSchema,
  playlistSongLinkSchema,
  profileSchema,
  listeningSettingsSchema,
  storedListeningSettingsSchema,
  profileStatsSchema,
  profileTopSchema,
  publicProfileSchema,
  followingEntrySchema,
  followStateSchema,
  notificationSchema,
  unreadCountSchema,
  supportRequestSchema,
  songReportSchema,
  reportedSongSchema,
  reportDecisionSchema,
  adminSupportRequestSchema,
  listenerRefSchema,
  revokedAdminTokenSchema,
  searchResultSchema,
  songLikeSchema,
  songSchema,
  streamDtoSchema,
  uploadGrantSchema,
  activityEntrySchema,
  activitySettingsSchema,
  newsPostSchema,
  artistDetailSchema,
  artistRequestSchema,
  adminArtistRequestSchema,
  myArtistsSchema,
  payoutSchema,
  premiumShareMonthInputsSchema,
  premiumShareMonthSchema,
  premiumShareSchema,
  premiumShareSplitSchema,
  artistStatsSchema,
  releaseSchema,
  adminReleaseSchema,
} from "./schemas/index.js";

type Routers = keyof RouterInputs & string;
/** "songs.list", "admin.users", ...: every procedure of the app router. */
export type ProcedurePath = {
  [R in Routers]: `${R}.${keyof RouterInputs[R] & string}`;
}[Routers];
type Split<P> = P extends `${infer R extends Routers}.${infer N}` ? [R, N] : never;
export type ProcedureInput<P extends ProcedurePath> =
  Split<P> extends [infer R extends Routers, infer N] ? RouterInputs[R][N & keyof RouterInputs[R]] : never;
export type ProcedureOutput<P extends ProcedurePath> =
  Split<P> extends [infer R extends Routers, infer N] ? RouterOutputs[R][N & keyof RouterOutputs[R]] : never;

/** tRPC keeps each procedure's type and input parsers on its definition, `_def`. */
const procedureDefSchema = z.object({
  type: z.enum(["query", "mutation", "subscription"]),
  inputs: z.array(z.unknown()),
});
/** The app router's procedures by dotted name, as tRPC lists them at run time. */
const procedureByPath = new Map<string, unknown>(Object.entries(appRouter._def.procedures));

function procedureDef(path: ProcedurePath) {
  const procedure = procedureByPath.get(path);
  if (typeof procedure !== "function") throw new Error(`No procedure ${path}`);
  const def: unknown = Object.getOwnPropertyDescriptor(procedure, "_def")?.value;
  return procedureDefSchema.parse(def);
}

/** The input schema a procedure validates with, or null when it takes no input. */
export function procedureInputSchema(path: ProcedurePath): z.ZodType | null {
  const [input] = procedureDef(path).inputs;
  return input instanceof z.ZodType ? input : null;
}

export const procedureType = (path: ProcedurePath) => procedureDef(path).type;

export type JsonSchema = z.core.JSONSchema.BaseSchema;

/** A schema as OpenAPI 3.1 embeds it (JSON Schema 2020-12, without the `$schema` of a whole document). */
export function jsonSchemaOf(schema: z.ZodType, io: "input" | "output"): JsonSchema {
  // Refinements (a picture URL of ours, ids that do not repeat) are checked by the server; the document
  // gives the shape and bounds around them.
  const { $schema: _dialect, ...rest } = z.toJSONSchema(schema, { io, unrepresentable: "any" });
  return rest;
}

/** What a procedure accepts as JSON Schema (the OpenAPI document's parameters and bodies), or null. */
export function procedureInputJsonSchema(path: ProcedurePath): JsonSchema | null {
  const schema = procedureInputSchema(path);
  return schema ? jsonSchemaOf(schema, "input") : null;
}

const songPage = pageOf(songSchema);
const playlistPage = pageOf(playlistSchema);

/**
 * What each procedure responds with, for the OpenAPI document and the tests only: validating every
 * response at run time would cost CPU on the hot paths. The type keeps this list complete, and the
 * type test (test/procedure-outputs.test.ts) keeps each schema equal to what the procedure returns.
 */
export const procedureOutputs = {
  "songs.list": songPage,
  "songs.recentlyPlayed": songPage,
  "songs.trending": songPage,
  "songs.genres": z.array(z.string()),
  "songs.byGenre": songPage,
  "songs.recordPlay": z.object({ recorded: z.literal(true), counted: z.boolean() }),
  "songs.search": songPage,
  "songs.radio": songPage,
  "songs.stream": streamDtoSchema,
  "songs.lyrics": lyricsSchema,
  "search.all": searchResultSchema,
  "playlists.list": playlistPage,
  "playlists.byId": playlistDetailSchema,
  "artists.byId": artistDetailSchema,
  "artists.topSongs": songPage,
  "artists.albums": pageOf(albumSchema),
  "artists.appearsOn": pageOf(albumSchema),
  "albums.byId": albumSchema,
  "albums.songs": songPage,
  "auth.me": meSchema.nullable(),
  "auth.guest": meSchema,
  "auth.piLogin": meSchema,
  "auth.logout": loggedOutSchema,
  "profile.get": profileSchema,
  "profile.update": profileSchema,
  "profile.updateAvatar": profileSchema,
  "profile.stats": profileStatsSchema,
  "profile.updateSettings": profileSchema,
  "profile.top": profileTopSchema,
  "profile.listeningSettings": storedListeningSettingsSchema,
  "profile.updateListeningSettings": listeningSettingsSchema,
  "follows.profile": publicProfileSchema,
  "follows.following": pageOf(followingEntrySchema),
  "follows.followers": pageOf(listenerRefSchema),
  "follows.followListener": followStateSchema,
  "follows.unfollowListener": followStateSchema,
  "follows.artist": followStateSchema,
  "follows.followArtist": followStateSchema,
  "follows.unfollowArtist": followStateSchema,
  "uploads.grant": uploadGrantSchema,
  "admin.stats": adminStatsSchema,
  "admin.users": pageOf(adminUserSchema),
  "admin.setAdminRole": adminRoleSchema,
  "admin.apiTokens": z.array(adminTokenDtoSchema),
  "admin.createApiToken": createdAdminTokenSchema,
  "admin.revokeApiToken": revokedAdminTokenSchema,
  "admin.scanLibrary": libraryScanSchema,
  "admin.latestLibraryScan": libraryScanSchema,
  "admin.libraryUploadGrant": uploadGrantSchema,
  "admin.ingestLibraryUpload": libraryUploadSchema,
  "admin.songs": z.array(adminSongSchema),
  "admin.updateSong": adminSongSchema,
  "admin.updateAlbum": adminAlbumSchema,
  "admin.updateArtist": adminArtistSchema,
  "admin.mergeArtists": adminArtistSchema,
  "admin.editorialPlaylists": z.array(editorialPlaylistSchema),
  "admin.editorialPlaylist": editorialPlaylistDetailSchema,
  "admin.createEditorialPlaylist": editorialPlaylistDetailSchema,
  "admin.updateEditorialPlaylist": editorialPlaylistDetailSchema,
  "admin.deleteEditorialPlaylist": deletedEditorialPlaylistSchema,
  "admin.setEditorialPlaylistSongs": editorialPlaylistDetailSchema,
  "membership.get": membershipSchema,
  "payments.create": paymentSchema,
  "payments.approve": paymentSchema,
  "payments.complete": paymentCompletionSchema,
  "payments.resolveIncomplete": paymentSchema,
  "likedSongs.list": pageOf(likedSongSchema),
  "likedSongs.count": countSchema,
  "likedSongs.check": likeStateSchema,
  "likedSongs.like": songLikeSchema(true),
  "likedSongs.unlike": songLikeSchema(false),
  "likedPlaylists.list": pageOf(likedPlaylistSchema),
  "likedPlaylists.check": likeStateSchema,
  "likedPlaylists.like": playlistLikeSchema(true),
  "likedPlaylists.unlike": playlistLikeSchema(false),
  "libraryPlaylists.list": pageOf(libraryPlaylistSchema),
  "libraryPlaylists.check": libraryStateSchema,
  "libraryPlaylists.add": libraryChangeSchema(true),
  "libraryPlaylists.remove": libraryChangeSchema(false),
  "myPlaylists.list": playlistPage,
  "myPlaylists.collected": playlistPage,
  "myPlaylists.create": playlistSchema,
  "myPlaylists.update": playlistSchema,
  "myPlaylists.delete": deletedPlaylistSchema,
  "myPlaylists.addSong": playlistSongLinkSchema,
  "myPlaylists.removeSong": playlistSchema,
  "myPlaylists.reorder": playlistSchema,
  "myPlaylists.copySongs": copyPlaylistSongsSchema,
  "legal.documents": legalDocumentsSchema,
  "notifications.list": pageOf(notificationSchema),
  "notifications.unreadCount": unreadCountSchema,
  "notifications.markRead": notificationSchema,
  "notifications.markAllRead": unreadCountSchema,
  "support.create": supportRequestSchema,
  "support.adminList": pageOf(adminSupportRequestSchema),
  "support.answer": adminSupportRequestSchema,
  "account.overview": accountOverviewSchema,
  "account.receipts": pageOf(receiptSchema),
  "account.plays": pageOf(playEntrySchema),
  "account.exportData": personalDataExportSchema,
  "account.delete": accountDeletedSchema,
  "ads.skipPass": skipPassSchema,
  "ads.claimReward": skipPassSchema,
  "activity.feed": pageOf(activityEntrySchema),
  "activity.ofListener": pageOf(activityEntrySchema),
  "activity.settings": activitySettingsSchema,
  "activity.updateSettings": activitySettingsSchema,
  "news.list": pageOf(newsPostSchema),
  "news.adminList": pageOf(newsPostSchema),
  "news.create": newsPostSchema,
  "news.update": newsPostSchema,
  "news.delete": z.object({ success: z.literal(true) }),
  "artistAccounts.request": artistRequestSchema,
  "artistAccounts.mine": myArtistsSchema,
  "artistAccounts.adminList": z.array(adminArtistRequestSchema),
  "artistAccounts.decide": adminArtistRequestSchema,
  "artistAccounts.premiumShareMonths": z.array(premiumShareMonthInputsSchema),
  "artistAccounts.premiumShareMonth": premiumShareMonthSchema,
  "artistAccounts.splitPremiumShareMonth": premiumShareSplitSchema,
  "artistStudio.requestPayout": payoutSchema,
  "artistStudio.payouts": z.array(payoutSchema),
  "artistStudio.premiumShares": z.array(premiumShareSchema),
  "artistStudio.stats": artistStatsSchema,
  "artistStudio.releaseUploadGrant": uploadGrantSchema,
  "artistStudio.submitRelease": releaseSchema,
  "artistStudio.releases": z.array(releaseSchema),
  "artistStudio.updateRelease": releaseSchema,
  "artistStudio.takeDownRelease": releaseSchema,
  "releaseReview.list": z.array(adminReleaseSchema),
  "releaseReview.decide": adminReleaseSchema,
  "releaseReview.takeDown": adminReleaseSchema,
  "songReports.create": songReportSchema,
  "songReports.adminQueue": z.array(reportedSongSchema),
  "songReports.dismiss": reportDecisionSchema,
  "songReports.takeDown": reportDecisionSchema,
} satisfies Record<ProcedurePath, z.ZodType>;
