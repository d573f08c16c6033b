import { User } from "./user.js";
import { Session } from "./session.js";
import { Artist } from "./artist.js";
import { Album } from "./album.js";
import { Song } from "./song.js";
import { Playlist } from "./playlist.js";
import { PlaylistSong } from "./playlist-song.js";
import { LikedSong } from "./liked-song.js";
import { LikedPlaylist } from "./liked-playlist.js";
import { LibraryPlaylist } from "./library-playlist.js";
import { Profile } from "./profile.js";
import { Membership } from "./membership.js";
import { PiPayment } from "./pi-payment.js";
import { AmbientMusicSetting } from "./ambient-music-setting.js";
import { PlayHistory } from "./play-history.js";
import { Upload } from "./upload.js";
import { RateLimitCounter } from "./rate-limit.js";
import { Lyrics } from "./lyrics.js";
import { LibraryScan } from "./library-scan.js";
import { SongListener } from "./song-listener.js";
import { RetiredSystemPlaylist } from "./retired-system-playlist.js";
import { AdminApiToken } from "./admin-api-token.js";
import { Follow } from "./follow.js";
import { AdReward } from "./ad-reward.js";
import { NewsPost } from "./news-post.js";
import { Notification } from "./notification.js";
import { SupportRequest } from "./support-request.js";
import { ArtistLedgerEntry, ArtistManager, ArtistPayout, ArtistRequest } from "./artist-account.js";
import { Release } from "./release.js";
import { SongReport } from "./song-report.js";

export {
  User,
  Session,
  Artist,
  Album,
  Song,
  Playlist,
  PlaylistSong,
  LikedSong,
  LikedPlaylist,
  LibraryPlaylist,
  Profile,
  Membership,
  PiPayment,
  AmbientMusicSetting,
  PlayHistory,
  Upload,
  RateLimitCounter,
  Lyrics,
  LibraryScan,
  SongListener,
  RetiredSystemPlaylist,
  AdminApiToken,
  Follow,
  AdReward,
  NewsPost,
  Notification,
  SupportRequest,
  ArtistRequest,
  ArtistManager,
  ArtistLedgerEntry,
  ArtistPayout,
  Release,
  SongReport,
};
export type { UserKind } from "./user.js";
export type { PiPaymentStatus } from "./pi-payment.js";
export type { NotificationKind } from "./notification.js";
export type { ReleaseKind, ReleaseStatus } from "./release.js";
export type { SongReportReason, SongReportStatus } from "./song-report.js";
export type { ArtistRequestKind, ArtistRequestStatus, LedgerAccount, LedgerKind } from "./artist-account.js";
export type { LyricLineRow } from "./lyrics.js";
export type { LibraryScanState, SkippedFileRow } from "./library-scan.js";

export const entities = [
  User,
  Session,
  Artist,
  Album,
  Song,
  Playlist,
  PlaylistSong,
  LikedSong,
  LikedPlaylist,
  LibraryPlaylist,
  Profile,
  Membership,
  PiPayment,
  AmbientMusicSetting,
  PlayHistory,
  Upload,
  RateLimitCounter,
  Lyrics,
  LibraryScan,
  SongListener,
  RetiredSystemPlaylist,
  AdminApiToken,
  Follow,
  AdReward,
  NewsPost,
  Notification,
  SupportRequest,
  ArtistRequest,
  ArtistManager,
  ArtistLedgerEntry,
  ArtistPayout,
  Release,
  SongReport,
];
