// What the procedures need from the server. The API implements these; tests may too.
import type {
  AdminStatsDto,
  AdminUserDto,
  MeDto,
  MembershipDto,
  ProfileDto,
  ProfileStatsDto,
  UploadGrantDto,
  ArtistRef,
  Page,
  PageInput,
  PlaylistDetailDto,
  PlaylistDto,
  SearchResultDto,
  SongDto,
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
  playlist(id: string): Promise<PlaylistDetailDto | null>;
  artist(id: string): Promise<ArtistRef | null>;
  /** Counts a play and, for a known caller, adds it to their history. False when the song does not exist. */
  recordPlay(songId: string, userId: string | null): Promise<boolean>;
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
}

export interface UploadService {
  /** A short-lived, single-use URL the caller may PUT one image to. */
  grant(userId: string, origin: string): Promise<UploadGrantDto>;
}

export interface AdminService {
  stats(): Promise<AdminStatsDto>;
  users(page: PageInput): Promise<Page<AdminUserDto>>;
}

export interface RateLimitService {
  /** Counts one attempt; false when the caller is over the bucket's limit. */
  consume(bucket: "signin" | "upload" | "payment", key: string): Promise<boolean>;
}

export interface MembershipService {
  get(userId: string): Promise<MembershipDto>;
  /** Active only while isPremium and expiresAt is in the future. */
  isPremium(userId: string): Promise<boolean>;
}

export interface Services {
  catalog: CatalogService;
  accounts: AccountService;
  profiles: ProfileService;
  uploads: UploadService;
  admin: AdminService;
  rateLimits: RateLimitService;
  memberships: MembershipService;
}
