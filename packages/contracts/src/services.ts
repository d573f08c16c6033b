// What the procedures need from the server. The API implements these; tests may too.
import type { SessionUser } from "./trpc.js";
import type {
  AdminStatsDto,
  ArtistStatsDto,
  StatsPeriod,
  AdminUserDto,
  AdminUsersInput,
  AdminRoleDto,
  AdminTokenDto,
  AdminTokenScope,
  CreateAdminTokenInput,
  CreatedAdminTokenDto,
  MeDto,
  MembershipDto,
  PaymentCompletionDto,
  PaymentDto,
  ProfileDto,
  ProfileStatsDto,
  ProfileTopDto,
  ProfileSettingsChanges,
  ListeningSettingsDto,
  PublicProfileDto,
  FollowingEntryDto,
  FollowStateDto,
  ListenerRefDto,
  TopRange,
  UploadGrantDto,
  AlbumDto,
  Page,
  PageInput,
  RadioInput,
  PlaylistDetailDto,
  PlaylistDto,
  SearchResultDto,
  SongDto,
  StreamQuality,
  StreamSource,
  LyricsDto,
  LibraryScanDto,
  AdminArtistDto,
  AdminSongDto,
  AlbumAdminChanges,
  ArtistAdminChanges,
  CreateEditorialPlaylistInput,
  EditorialPlaylistChanges,
  EditorialPlaylistDetailDto,
  EditorialPlaylistDto,
  IngestLibraryUploadInput,
  LibraryUploadDto,
  SongAdminChanges,
  LegalDocumentsDto,
  NotificationDto,
  UnreadCountDto,
  CreateSupportRequestInput,
  SupportRequestDto,
  AdminSupportRequestDto,
  AccountOverviewDto,
  ReceiptDto,
  PlayEntryDto,
  PersonalDataExportDto,
  SkipPassDto,
  ActivityEntryDto,
  ActivitySettingsChanges,
  ActivitySettingsDto,
  CreateNewsPostInput,
  NewsPostChanges,
  NewsPostDto,
  AdminArtistRequestDto,
  ArtistDetailDto,
  ArtistRequestDto,
  ArtistRequestInput,
  ArtistRequestStatus,
  MyArtistsDto,
  PayoutDto,
  PremiumShareDto,
  PremiumShareMonthDto,
  PremiumShareMonthInputsDto,
  PremiumShareSplitDto,
  AdminReleaseDto,
  ReleaseChanges,
  ReportDecisionDto,
  ReportedSongDto,
  ReportSongInput,
  SongReportDto,
  ReleaseDto,
  ReleaseStatus,
  ReviewReleaseInput,
  SubmitReleaseInput,
} from "./schemas/index.js";
// Your music (liked songs, liked and library playlists, own playlists):
import type {
  CopyPlaylistSongsDto,
  CreatePlaylistInput,
  LibraryPlaylistDto,
  LikedPlaylistDto,
  LikedSongDto,
  PlaylistChanges,
  PlaylistSongLinkDto,
} from "./schemas/index.js";

export interface CatalogService {
  listSongs(page: PageInput): Promise<Page<SongDto>>;
  recentlyPlayed(userId: string | null, page: PageInput): Promise<Page<SongDto>>;
  trending(page: PageInput): Promise<Page<SongDto>>;
  genres(): Promise<string[]>;
  songsByGenre(genre: string, page: PageInput): Promise<Page<SongDto>>;
  searchSongs(q: string, page: PageInput): Promise<Page<SongDto>>;
  search(q: string, limit: number): Promise<SearchResultDto>;
  listPlaylists(page: PageInput): Promise<Page<PlaylistDto>>;
  /**
   * `viewerId`: the caller, who is told whether the playlist is theirs (isOwn). Null when there is no such
   * playlist or the caller may not see it (private and not theirs).
   */
  playlist(id: string, viewerId: string | null): Promise<PlaylistDetailDto | null>;
  artist(id: string): Promise<ArtistDetailDto | null>;
  /** Artist and album pages: null when the artist or album does not exist. Hidden songs never appear. */
  artistTopSongs(artistId: string, page: PageInput): Promise<Page<SongDto> | null>;
  /** The artist's own albums, newest first. */
  artistAlbums(artistId: string, page: PageInput): Promise<Page<AlbumDto> | null>;
  /** Albums of others (compilations) holding songs of the artist, newest first. */
  artistAppearsOn(artistId: string, page: PageInput): Promise<Page<AlbumDto> | null>;
  album(id: string): Promise<AlbumDto | null>;
  /** The album's songs in disc and track order. */
  albumSongs(albumId: string, page: PageInput): Promise<Page<SongDto> | null>;
  /**
   * Radio: listed songs like the seeds, best first, without the seeds and `exclude`. Members-only songs
   * only for a listener who may play them (`premium`), so autoplay never lands on a song it cannot stream.
   */
  radio(input: RadioInput, listener: { premium: boolean }): Promise<Page<SongDto>>;
  /**
   * Records a listener's play: it counts (play count, distinct listeners) once per listener and song
   * within a window; a repeat inside it only moves the song up their Recently Played.
   * Null when the song does not exist.
   */
  recordPlay(songId: string, userId: string): Promise<{ counted: boolean } | null>;
}

export interface AccountService {
  /** A new guest user with its profile. */
  createGuest(): Promise<MeDto>;
  me(userId: string): Promise<MeDto | null>;
  /**
   * Verifies the access token with the Pi Platform, creates or updates the Pi user and profile,
   * and moves a signing-in guest's playlists, likes, library, history and profile to it.
   */
  piLogin(accessToken: string, guestId: string | null): Promise<MeDto>;
}

export interface ProfileService {
  get(userId: string): Promise<ProfileDto>;
  updateName(userId: string, name: string): Promise<ProfileDto>;
  /** `url` is an upload URL or /objects/... path of an object this user uploaded. */
  updateAvatar(userId: string, url: string): Promise<ProfileDto>;
  stats(userId: string): Promise<ProfileStatsDto>;
  /** 409 when another listener has the handle. */
  updateSettings(userId: string, changes: ProfileSettingsChanges): Promise<ProfileDto>;
  listeningSettings(userId: string): Promise<ListeningSettingsDto | null>;
  updateListeningSettings(userId: string, settings: ListeningSettingsDto): Promise<ListeningSettingsDto>;
  top(userId: string, range: TopRange): Promise<ProfileTopDto>;
}

/**
 * Listeners following listeners and artists. `viewer` decides what of a private profile is shown (its
 * owner and admins see all of it); an unknown handle or artist is 404.
 */
export interface FollowService {
  profile(handle: string, viewer: SessionUser | null): Promise<PublicProfileDto>;
  /** 403 for a private profile the viewer may not see. */
  following(handle: string, viewer: SessionUser | null, page: PageInput): Promise<Page<FollowingEntryDto>>;
  followers(handle: string, viewer: SessionUser | null, page: PageInput): Promise<Page<ListenerRefDto>>;
  /** Idempotent; 400 when the handle is the caller's own. */
  followListener(userId: string, handle: string): Promise<FollowStateDto>;
  unfollowListener(userId: string, handle: string): Promise<FollowStateDto>;
  artist(artistId: string, viewerId: string | null): Promise<FollowStateDto>;
  followArtist(userId: string, artistId: string): Promise<FollowStateDto>;
  unfollowArtist(userId: string, artistId: string): Promise<FollowStateDto>;
}

export interface UploadService {
  /**
   * A short-lived, single-use URL the caller may PUT one file of a kind to (an image unless told), within
   * their storage quota and their address's daily budget.
   */
  grant(userId: string, origin: string, clientIp: string, kind?: "image"): Promise<UploadGrantDto>;
}

export interface AdminService {
  stats(): Promise<AdminStatsDto>;
  /** Listeners, newest first; with `premium`, only those whose membership is active. */
  users(input: AdminUsersInput): Promise<Page<AdminUserDto>>;
  /** Grants or removes the admin role (404 when no such user). */
  setAdminRole(userId: string, isAdmin: boolean): Promise<AdminRoleDto>;
}

/** Revocable admin API tokens, stored as their SHA-256 only. */
export interface AdminTokenService {
  /** A new token acting as `userId` (who must be an admin); the token is in this response only. */
  create(userId: string, input: CreateAdminTokenInput): Promise<CreatedAdminTokenDto>;
  /** Tokens not revoked, newest first. */
  list(): Promise<AdminTokenDto[]>;
  /** Idempotent; 404 when no token has that id. */
  revoke(id: string): Promise<{ revoked: true }>;
  /**
   * The admin a token acts as, with its scope, and notes it as used; null when the token was never
   * issued or is revoked. The holder's admin role is read afresh: a removed admin's tokens stop working.
   */
  authenticate(token: string): Promise<{ user: SessionUser; scope: AdminTokenScope } | null>;
}

export type RateLimitBucket =
  | "signin"
  | "upload"
  | "payment"
  | "play"
  | "follow"
  | "account"
  | "adReward"
  | "support"
  | "report"
  | "notification"
  | "download";

export interface RateLimitService {
  /** Counts one attempt; false when the caller is over the bucket's limit. */
  consume(bucket: RateLimitBucket, key: string): Promise<boolean>;
}

export interface MembershipService {
  get(userId: string): Promise<MembershipDto>;
  /** Active only while isPremium and expiresAt is in the future. */
  isPremium(userId: string): Promise<boolean>;
}

export interface PaymentService {
  create(
    userId: string,
    input: { paymentId: string; amount: string; metadata?: string },
  ): Promise<PaymentDto>;
  approve(userId: string, paymentId: string): Promise<PaymentDto>;
  complete(userId: string, paymentId: string, txid: string): Promise<PaymentCompletionDto>;
  /** What the SDK's onIncompletePaymentFound reported at sign-in: finish it, or cancel one never paid. */
  resolveIncomplete(userId: string, paymentId: string): Promise<PaymentDto>;
  /** Settles payments left 'approved' (a crash or a lost completion call) with the Pi Platform. */
  reconcile(options?: {
    olderThanSeconds?: number;
    limit?: number;
  }): Promise<{ checked: number; completed: number; cancelled: number }>;
}

// Your music: every method acts for `userId`, the caller; procedures have checked premium.
export interface LikedSongService {
  /** Newest like first. */
  list(userId: string, page: PageInput): Promise<Page<LikedSongDto>>;
  count(userId: string): Promise<number>;
  isLiked(userId: string, songId: string): Promise<boolean>;
  /** Idempotent. False when the song does not exist. */
  like(userId: string, songId: string): Promise<boolean>;
  /** Idempotent. */
  unlike(userId: string, songId: string): Promise<void>;
}

/** A user's set of playlists: liked playlists, or the library. */
export interface PlaylistSetService<Item extends PlaylistDto> {
  /** Newest addition first. */
  list(userId: string, page: PageInput): Promise<Page<Item>>;
  contains(userId: string, playlistId: string): Promise<boolean>;
  /** Idempotent. False when no playlist this user may see has that id. */
  add(userId: string, playlistId: string): Promise<boolean>;
  /** Idempotent. */
  remove(userId: string, playlistId: string): Promise<void>;
}

/** The caller's own playlists. Changes answer 404 (unknown), 403 (not the owner, or a system playlist). */
export interface PlaylistService {
  /** Playlists created by userId, newest first. */
  listOwned(userId: string, page: PageInput): Promise<Page<PlaylistDto>>;
  /** userId's collection: own, liked and library playlists, each once, newest first (the Library's list). */
  listCollected(userId: string, page: PageInput): Promise<Page<PlaylistDto>>;
  create(userId: string, input: CreatePlaylistInput): Promise<PlaylistDto>;
  update(userId: string, playlistId: string, changes: PlaylistChanges): Promise<PlaylistDto>;
  remove(userId: string, playlistId: string): Promise<void>;
  /** Appends at songCount + 1, safe under concurrent adds; 409 when the song is already there. */
  addSong(userId: string, playlistId: string, songId: string): Promise<PlaylistSongLinkDto>;
  /** Removes the song and closes the gap in positions. */
  removeSong(userId: string, playlistId: string, songId: string): Promise<PlaylistDto>;
  /** songIds must be a permutation of the playlist's songs. */
  reorder(userId: string, playlistId: string, songIds: string[]): Promise<PlaylistDto>;
  /** Appends the songs of sourceId (one the caller can see) that playlistId lacks. */
  copySongs(userId: string, playlistId: string, sourceId: string): Promise<CopyPlaylistSongsDto>;
}

/** Why a caller may not play a song: hidden or vanished songs are not found, the rest need premium. */
export type PlayRefusal = "not-found" | "premium-required" | "members-only" | "downloads-premium";

export type StreamAccess = { ok: true; source: StreamSource } | { ok: false; reason: PlayRefusal };

/** A song's lyrics under the song's own rules (null: the caller may play it, and it has none). */
export type LyricsAccess = { ok: true; lyrics: LyricsDto | null } | { ok: false; reason: PlayRefusal };

/** Renditions, lyrics and the library scan. */
export interface MediaService {
  /** Where the caller may fetch the song at this quality, or why not (hidden songs are not found). */
  streamSource(songId: string, quality: StreamQuality, userId: string | null): Promise<StreamAccess>;
  /** The words go where the audio goes: to callers who may play the song (the stream's rule). */
  lyrics(songId: string, userId: string | null): Promise<LyricsAccess>;
  /** A download to keep on the device: as the stream, and premium members only, at any quality. */
  downloadSource(songId: string, quality: StreamQuality, userId: string | null): Promise<StreamAccess>;
  /** Scans MUSIC_DIR (joining a running scan); null when no music folder is configured. */
  startScan(): Promise<LibraryScanDto | null>;
  latestScan(): Promise<LibraryScanDto | null>;
}

/** Admins filling and keeping the catalog: audio uploads into ingestion, song and album edits. */
export interface LibraryAdminService {
  /** A single-use URL the admin PUTs one audio file to (500 MB at most, checked by its first bytes). */
  uploadGrant(userId: string, origin: string): Promise<UploadGrantDto>;
  /** Reads the uploaded file and hands it to ingestion; 4xx with the reason when it cannot be used. */
  ingestUpload(userId: string, input: IngestLibraryUploadInput): Promise<LibraryUploadDto>;
  /** Songs by title, artist or album (hidden ones too), for the dashboard. */
  songs(q: string): Promise<AdminSongDto[]>;
  updateSong(songId: string, changes: SongAdminChanges): Promise<AdminSongDto>;
  /** `changes.imageUrl` is an image this admin uploaded (/objects/...) or one of the catalog's (/media/...). */
  updateArtist(userId: string, artistId: string, changes: ArtistAdminChanges): Promise<AdminArtistDto>;
  mergeArtists(fromId: string, intoId: string): Promise<AdminArtistDto>;
  updateAlbum(
    albumId: string,
    changes: AlbumAdminChanges,
  ): Promise<{ id: string; title: string; membersOnly: boolean }>;
  /** The editorial (system) playlists, oldest first, as Home lists them. */
  editorialPlaylists(): Promise<EditorialPlaylistDto[]>;
  editorialPlaylist(playlistId: string): Promise<EditorialPlaylistDetailDto>;
  /** `input.imageUrl` is an image this admin uploaded (/objects/...) or an http(s) URL. */
  createEditorialPlaylist(
    userId: string,
    input: CreateEditorialPlaylistInput,
  ): Promise<EditorialPlaylistDetailDto>;
  updateEditorialPlaylist(
    userId: string,
    playlistId: string,
    changes: EditorialPlaylistChanges,
  ): Promise<EditorialPlaylistDetailDto>;
  deleteEditorialPlaylist(playlistId: string): Promise<{ success: true }>;
  /** Replaces the songs with `songIds`, in that order (every id must be a song). */
  setEditorialPlaylistSongs(playlistId: string, songIds: string[]): Promise<EditorialPlaylistDetailDto>;
}

/** Rewarded ads (Pi's Ad Network): verified with Pi, each ad rewarding once. */
export interface AdService {
  skipPass(user: SessionUser): Promise<SkipPassDto>;
  /**
   * 403 for a guest, a member, or an ad Pi did not grant; 409 for an ad already rewarded; 404 for one Pi does
   * not know; 502 when Pi cannot be reached (nothing is written: the same ad may be claimed again).
   */
  claimReward(user: SessionUser, adId: string): Promise<SkipPassDto>;
}

/** The operator's legal texts, read once at start. */
export interface LegalService {
  documents(): LegalDocumentsDto;
}

/** A listener's in-app inbox; every method acts for `userId`, the caller. */
export interface NotificationService {
  /** Newest first. */
  list(userId: string, page: PageInput): Promise<Page<NotificationDto>>;
  unreadCount(userId: string): Promise<UnreadCountDto>;
  /** Idempotent; 404 when the caller has no notification with that id. */
  markRead(userId: string, id: string): Promise<NotificationDto>;
  /** Answers the unread count left (0). */
  markAllRead(userId: string): Promise<UnreadCountDto>;
}

/** 'Contact support': listeners ask, admins answer in the dashboard. */
export interface SupportService {
  /** 404 when the song or playlist named does not exist. */
  create(userId: string, input: CreateSupportRequestInput): Promise<SupportRequestDto>;
  /** Members' requests first, then unanswered before answered, newest first. */
  adminList(page: PageInput): Promise<Page<AdminSupportRequestDto>>;
  /** Records the answer and notifies the listener; 404 for an unknown request. */
  answer(adminId: string, id: string, answer: string): Promise<AdminSupportRequestDto>;
}

/** The caller's own account: the account menu's screens and the listener's data rights. */
export interface MyAccountService {
  overview(userId: string): Promise<AccountOverviewDto>;
  receipts(userId: string, page: PageInput): Promise<Page<ReceiptDto>>;
  plays(userId: string, page: PageInput): Promise<Page<PlayEntryDto>>;
  exportData(userId: string): Promise<PersonalDataExportDto>;
  /** Erases every personal-data section; payments stay, anonymised. */
  deleteAccount(userId: string): Promise<void>;
}

/**
 * What followed listeners did, derived from their playlists, likes and follows, and followed artists'
 * releases; a listener's activity privacy ("Share my likes", the private session).
 */
export interface ActivityService {
  feed(userId: string, page: PageInput): Promise<Page<ActivityEntryDto>>;
  /** 403 for a private profile unless the viewer is its owner. */
  ofListener(handle: string, viewer: SessionUser | null, page: PageInput): Promise<Page<ActivityEntryDto>>;
  settings(userId: string): Promise<ActivitySettingsDto>;
  updateSettings(userId: string, changes: ActivitySettingsChanges): Promise<ActivitySettingsDto>;
}

/** News & Updates: announcements admins write. */
export interface NewsService {
  /** Newest first; `includeScheduled` also lists those whose publish time is still ahead (admins). */
  list(page: PageInput, includeScheduled: boolean): Promise<Page<NewsPostDto>>;
  create(adminId: string, input: CreateNewsPostInput): Promise<NewsPostDto>;
  update(id: string, changes: NewsPostChanges): Promise<NewsPostDto>;
  remove(id: string): Promise<{ success: true }>;
}

/** Artist accounts: Pi users ask to run an artist; admins approve or refuse (docs/ARCHITECTURE.md section 8). */
export interface ArtistAccountService {
  request(userId: string, input: ArtistRequestInput): Promise<ArtistRequestDto>;
  mine(userId: string): Promise<MyArtistsDto>;
  adminList(status: ArtistRequestStatus): Promise<AdminArtistRequestDto[]>;
  decide(adminId: string, requestId: string, decision: "approve" | "refuse"): Promise<AdminArtistRequestDto>;
}

/** The monthly premium share: an artist's months for its managers, and each month's split for admins. */
export interface PremiumShareService {
  ofArtist(userId: string, artistId: string): Promise<PremiumShareDto[]>;
  months(): Promise<PremiumShareMonthInputsDto[]>;
  month(month: string): Promise<PremiumShareMonthDto>;
  /** Splits an ended month now (the monthly job's own work; a month split already is left as it is). */
  splitNow(month: string): Promise<PremiumShareSplitDto>;
}

/** An artist's statistics for its managers: plays, listeners, followers, languages and earnings. */
export interface ArtistStatsService {
  ofArtist(userId: string, artistId: string, days: StatsPeriod): Promise<ArtistStatsDto>;
}

/** Payouts of an artist's whole balance to the manager who asks (A2U), paid one at a time in the background. */
export interface PayoutService {
  request(userId: string, artistId: string): Promise<PayoutDto>;
  list(userId: string, artistId: string): Promise<PayoutDto[]>;
}

/**
 * Releases: a manager of an artist uploads one (held, its songs hidden, until an admin approves it), edits
 * its facts or takes it down; admins review the queue and take down what must go (docs/ARCHITECTURE.md
 * section 8).
 */
export interface ReleaseService {
  uploadGrant(userId: string, artistId: string, origin: string): Promise<UploadGrantDto>;
  submit(userId: string, input: SubmitReleaseInput): Promise<ReleaseDto>;
  ofArtist(userId: string, artistId: string): Promise<ReleaseDto[]>;
  update(userId: string, releaseId: string, changes: ReleaseChanges): Promise<ReleaseDto>;
  takeDown(userId: string, releaseId: string): Promise<ReleaseDto>;
  adminList(status: ReleaseStatus): Promise<AdminReleaseDto[]>;
  review(adminId: string, input: ReviewReleaseInput): Promise<AdminReleaseDto>;
  adminTakeDown(adminId: string, releaseId: string, reason: string): Promise<AdminReleaseDto>;
}

/** Listeners' reports of songs, and the admins' queue of them. */
export interface SongReportService {
  /** 404 for an unknown or hidden song; 409 while the caller's earlier report of it is open. */
  create(userId: string, input: ReportSongInput): Promise<SongReportDto>;
  adminQueue(): Promise<ReportedSongDto[]>;
  dismiss(adminId: string, songId: string): Promise<ReportDecisionDto>;
  takeDown(adminId: string, songId: string): Promise<ReportDecisionDto>;
}

export interface Services {
  media: MediaService;
  libraryAdmin: LibraryAdminService;
  catalog: CatalogService;
  accounts: AccountService;
  profiles: ProfileService;
  follows: FollowService;
  uploads: UploadService;
  admin: AdminService;
  adminTokens: AdminTokenService;
  rateLimits: RateLimitService;
  memberships: MembershipService;
  payments: PaymentService;
  likedSongs: LikedSongService;
  likedPlaylists: PlaylistSetService<LikedPlaylistDto>;
  libraryPlaylists: PlaylistSetService<LibraryPlaylistDto>;
  playlists: PlaylistService;
  legal: LegalService;
  notifications: NotificationService;
  support: SupportService;
  myAccount: MyAccountService;
  ads: AdService;
  activity: ActivityService;
  news: NewsService;
  artists: ArtistAccountService;
  payouts: PayoutService;
  premiumShares: PremiumShareService;
  artistStats: ArtistStatsService;
  releases: ReleaseService;
  songReports: SongReportService;
}
