// Generated from the migrated schema by `pnpm --filter @purplebeats/db gen:schema-types`; do not edit.
// A test fails when it differs from what the migrations make (packages/db/test/schema-types.test.ts).
import type { ColumnType, Generated } from "kysely";

export interface AdRewardsTable {
  ad_id: string;
  user_id: string | null;
  granted_at: ColumnType<Date, Date | string | undefined, Date | string>;
  skips_until: ColumnType<Date, Date | string, Date | string>;
}

export interface AdminApiTokensTable {
  id: Generated<string>;
  token_hash: string;
  user_id: string;
  name: string;
  scope: string;
  created_at: ColumnType<Date, Date | string | undefined, Date | string>;
  last_used_at: ColumnType<Date | null, Date | string | null, Date | string | null>;
  revoked_at: ColumnType<Date | null, Date | string | null, Date | string | null>;
}

export interface AlbumsTable {
  id: Generated<string>;
  title: string;
  artist_id: string | null;
  image_url: string | null;
  release_date: ColumnType<Date | null, Date | string | null, Date | string | null>;
  genre: string | null;
  created_at: ColumnType<Date, Date | string | undefined, Date | string>;
  year: number | null;
  compilation: Generated<boolean>;
  members_only: Generated<boolean>;
  match_key: string | null;
}

export interface AmbientMusicSettingsTable {
  id: Generated<string>;
  playlist_id: string | null;
  theme: string;
  mood: string;
  tempo: Generated<number>;
  intensity: Generated<number>;
  enabled: Generated<boolean>;
  last_generated: ColumnType<Date | null, Date | string | null, Date | string | null>;
  created_at: ColumnType<Date, Date | string | undefined, Date | string>;
}

export interface ArtistLedgerTable {
  id: Generated<string>;
  account: string;
  artist_id: string | null;
  kind: string;
  amount: ColumnType<string, string | number, string | number>;
  source: string;
  created_at: ColumnType<Date, Date | string | undefined, Date | string>;
}

export interface ArtistManagersTable {
  artist_id: string;
  user_id: string;
  created_at: ColumnType<Date, Date | string | undefined, Date | string>;
}

export interface ArtistPayoutsTable {
  id: Generated<string>;
  artist_id: string;
  user_id: string | null;
  amount: ColumnType<string, string | number, string | number>;
  status: Generated<string>;
  payment_id: string | null;
  txid: string | null;
  created_at: ColumnType<Date, Date | string | undefined, Date | string>;
  updated_at: ColumnType<Date, Date | string | undefined, Date | string>;
}

export interface ArtistPremiumSharesTable {
  artist_id: string;
  month: string;
  amount: ColumnType<string, string | number, string | number>;
  members: number;
  qualifying_plays: number;
  credited: boolean;
}

export interface ArtistRequestsTable {
  id: Generated<string>;
  user_id: string;
  kind: string;
  name: string;
  bio: string | null;
  artist_id: string | null;
  evidence: string;
  status: Generated<string>;
  decided_by: string | null;
  decided_at: ColumnType<Date | null, Date | string | null, Date | string | null>;
  created_at: ColumnType<Date, Date | string | undefined, Date | string>;
}

export interface ArtistsTable {
  id: Generated<string>;
  name: string;
  image_url: string | null;
  bio: string | null;
  created_at: ColumnType<Date, Date | string | undefined, Date | string>;
  match_key: string | null;
  verified_at: ColumnType<Date | null, Date | string | null, Date | string | null>;
}

export interface CountedPlaysTable {
  id: Generated<string>;
  user_id: string;
  song_id: string;
  counted_at: ColumnType<Date, Date | string | undefined, Date | string>;
}

export interface FollowsTable {
  id: Generated<string>;
  follower_id: string;
  listener_id: string | null;
  artist_id: string | null;
  created_at: ColumnType<Date, Date | string | undefined, Date | string>;
}

export interface LibraryPlaylistsTable {
  id: Generated<string>;
  playlist_id: string;
  user_id: string;
  added_at: ColumnType<Date, Date | string | undefined, Date | string>;
}

export interface LibraryScansTable {
  id: Generated<string>;
  state: Generated<string>;
  roots: unknown;
  started_at: ColumnType<Date, Date | string | undefined, Date | string>;
  finished_at: ColumnType<Date | null, Date | string | null, Date | string | null>;
  files_found: Generated<number>;
  files_ingested: Generated<number>;
  files_unchanged: Generated<number>;
  files_missing: Generated<number>;
  skipped: Generated<unknown>;
  error: string | null;
}

export interface LikedPlaylistsTable {
  id: Generated<string>;
  playlist_id: string;
  user_id: string;
  liked_at: ColumnType<Date, Date | string | undefined, Date | string>;
}

export interface LikedSongsTable {
  id: Generated<string>;
  user_id: string;
  song_id: string;
  liked_at: ColumnType<Date, Date | string | undefined, Date | string>;
}

export interface LyricsTable {
  song_id: string;
  synced: boolean;
  lines: unknown;
}

export interface MembershipsTable {
  id: Generated<string>;
  user_id: string;
  is_premium: Generated<boolean>;
  expires_at: ColumnType<Date | null, Date | string | null, Date | string | null>;
  payment_id: string | null;
  txid: string | null;
  pi_wallet_id: string | null;
  amount: Generated<string>;
  created_at: ColumnType<Date, Date | string | undefined, Date | string>;
  updated_at: ColumnType<Date, Date | string | undefined, Date | string>;
}

export interface NewsPostsTable {
  id: Generated<string>;
  title: string;
  body: string;
  published_at: ColumnType<Date, Date | string, Date | string>;
  created_by: string | null;
  created_at: ColumnType<Date, Date | string | undefined, Date | string>;
  updated_at: ColumnType<Date, Date | string | undefined, Date | string>;
}

export interface NotificationsTable {
  id: Generated<string>;
  user_id: string;
  kind: string;
  title: string;
  body: string;
  link: string | null;
  dedupe_key: string;
  read_at: ColumnType<Date | null, Date | string | null, Date | string | null>;
  created_at: ColumnType<Date, Date | string | undefined, Date | string>;
  words: unknown | null;
}

export interface PiPaymentsTable {
  id: Generated<string>;
  payment_id: string;
  user_id: string;
  amount: string;
  status: Generated<string>;
  txid: string | null;
  metadata: string | null;
  created_at: ColumnType<Date, Date | string | undefined, Date | string>;
  updated_at: ColumnType<Date, Date | string | undefined, Date | string>;
}

export interface PlayHistoryTable {
  id: Generated<string>;
  user_id: string;
  song_id: string;
  played_at: ColumnType<Date, Date | string | undefined, Date | string>;
  is_private: Generated<boolean>;
}

export interface PlaylistSongsTable {
  id: Generated<string>;
  playlist_id: string;
  song_id: string;
  position: number;
  added_at: ColumnType<Date, Date | string | undefined, Date | string>;
}

export interface PlaylistsTable {
  id: string;
  name: string;
  description: string | null;
  image_url: string | null;
  is_public: Generated<boolean>;
  song_count: Generated<number>;
  created_by: string;
  created_at: ColumnType<Date, Date | string | undefined, Date | string>;
  revision: Generated<number>;
  curated_at: ColumnType<Date | null, Date | string | null, Date | string | null>;
}

export interface PremiumShareMonthsTable {
  month: string;
  share_percent: ColumnType<string, string | number, string | number>;
  revenue: ColumnType<string, string | number, string | number>;
  pool: ColumnType<string, string | number, string | number>;
  members: number;
  members_without_plays: number;
  credited: ColumnType<string, string | number, string | number>;
  kept_by_platform: ColumnType<string, string | number, string | number>;
  computed_at: ColumnType<Date, Date | string | undefined, Date | string>;
}

export interface ProfilesTable {
  id: Generated<string>;
  user_id: string;
  name: string;
  nickname: string | null;
  image_url: string | null;
  created_at: ColumnType<Date, Date | string | undefined, Date | string>;
  updated_at: ColumnType<Date, Date | string | undefined, Date | string>;
  handle: string;
  is_private: Generated<boolean>;
  share_likes: Generated<boolean>;
  private_session_until: ColumnType<Date | null, Date | string | null, Date | string | null>;
  language: string | null;
  listening_settings: unknown | null;
}

export interface RateLimitsTable {
  key: string;
  window_start: ColumnType<Date, Date | string, Date | string>;
  count: Generated<number>;
}

export interface ReleasesTable {
  id: Generated<string>;
  artist_id: string;
  album_id: string | null;
  kind: string;
  title: string;
  genre: string;
  release_date: ColumnType<Date, Date | string, Date | string>;
  credits: Generated<string>;
  cover_url: string | null;
  members_only: Generated<boolean>;
  track_count: number;
  status: Generated<string>;
  refusal_reason: string | null;
  taken_down_by: string | null;
  submitted_by: string | null;
  rights_attested_at: ColumnType<Date, Date | string, Date | string>;
  reviewed_by: string | null;
  reviewed_at: ColumnType<Date | null, Date | string | null, Date | string | null>;
  created_at: ColumnType<Date, Date | string | undefined, Date | string>;
  updated_at: ColumnType<Date, Date | string | undefined, Date | string>;
}

export interface RetiredSystemPlaylistsTable {
  id: string;
  retired_at: ColumnType<Date, Date | string | undefined, Date | string>;
}

export interface SearchTermChangesTable {
  id: ColumnType<string, string | number | bigint | undefined, string | number | bigint>;
  term: string;
  delta: number;
}

export interface SearchTermsTable {
  term: string;
  docs: number;
}

export interface SearchTermsVersionTable {
  id: number;
  version: ColumnType<string, string | number | bigint, string | number | bigint>;
}

export interface SessionsTable {
  id: string;
  user_id: string;
  created_at: ColumnType<Date, Date | string | undefined, Date | string>;
  expires_at: ColumnType<Date, Date | string, Date | string>;
}

export interface SongListenersTable {
  song_id: string;
  user_id: string;
  last_counted_at: ColumnType<Date, Date | string | undefined, Date | string>;
}

export interface SongReportsTable {
  id: Generated<string>;
  song_id: string;
  user_id: string;
  reason: string;
  details: Generated<string>;
  status: Generated<string>;
  resolved_by: string | null;
  resolved_at: ColumnType<Date | null, Date | string | null, Date | string | null>;
  created_at: ColumnType<Date, Date | string | undefined, Date | string>;
}

export interface SongsTable {
  id: Generated<string>;
  title: string;
  artist_id: string;
  album_id: string | null;
  duration: number;
  audio_url: string | null;
  image_url: string | null;
  genre: string | null;
  track_number: number | null;
  play_count: Generated<number>;
  last_played: ColumnType<Date | null, Date | string | null, Date | string | null>;
  created_at: ColumnType<Date, Date | string | undefined, Date | string>;
  disc_number: number | null;
  source: string | null;
  source_size: ColumnType<string | null, string | number | bigint | null, string | number | bigint | null>;
  source_mtime_ms: ColumnType<string | null, string | number | bigint | null, string | number | bigint | null>;
  content_hash: string | null;
  standard_key: string | null;
  standard_kbps: number | null;
  high_key: string | null;
  high_kbps: number | null;
  loudness_lufs: number | null;
  true_peak_db: number | null;
  album_loudness_lufs: number | null;
  album_true_peak_db: number | null;
  hidden: Generated<boolean>;
  unavailable: Generated<boolean>;
  members_only: Generated<boolean>;
  listener_count: Generated<number>;
  low_key: string | null;
  low_kbps: number | null;
  release_id: string | null;
}

export interface SupportRequestsTable {
  id: Generated<string>;
  user_id: string;
  subject: string;
  message: string;
  song_id: string | null;
  playlist_id: string | null;
  from_member: Generated<boolean>;
  answer: string | null;
  answered_at: ColumnType<Date | null, Date | string | null, Date | string | null>;
  answered_by: string | null;
  created_at: ColumnType<Date, Date | string | undefined, Date | string>;
}

export interface UploadsTable {
  id: string;
  user_id: string;
  object_key: string | null;
  content_type: string | null;
  created_at: ColumnType<Date, Date | string | undefined, Date | string>;
  expires_at: ColumnType<Date, Date | string, Date | string>;
  used_at: ColumnType<Date | null, Date | string | null, Date | string | null>;
  kind: Generated<string>;
  size: number | null;
  client_ip: string | null;
}

export interface UsersTable {
  id: string;
  username: string;
  kind: Generated<string>;
  is_admin: Generated<boolean>;
  wallet_address: string | null;
  created_at: ColumnType<Date, Date | string | undefined, Date | string>;
  last_seen_at: ColumnType<Date | null, Date | string | null, Date | string | null>;
}

/** Every table, by name: Kysely's database type. */
export interface DbSchema {
  ad_rewards: AdRewardsTable;
  admin_api_tokens: AdminApiTokensTable;
  albums: AlbumsTable;
  ambient_music_settings: AmbientMusicSettingsTable;
  artist_ledger: ArtistLedgerTable;
  artist_managers: ArtistManagersTable;
  artist_payouts: ArtistPayoutsTable;
  artist_premium_shares: ArtistPremiumSharesTable;
  artist_requests: ArtistRequestsTable;
  artists: ArtistsTable;
  counted_plays: CountedPlaysTable;
  follows: FollowsTable;
  library_playlists: LibraryPlaylistsTable;
  library_scans: LibraryScansTable;
  liked_playlists: LikedPlaylistsTable;
  liked_songs: LikedSongsTable;
  lyrics: LyricsTable;
  memberships: MembershipsTable;
  news_posts: NewsPostsTable;
  notifications: NotificationsTable;
  pi_payments: PiPaymentsTable;
  play_history: PlayHistoryTable;
  playlist_songs: PlaylistSongsTable;
  playlists: PlaylistsTable;
  premium_share_months: PremiumShareMonthsTable;
  profiles: ProfilesTable;
  rate_limits: RateLimitsTable;
  releases: ReleasesTable;
  retired_system_playlists: RetiredSystemPlaylistsTable;
  search_term_changes: SearchTermChangesTable;
  search_terms: SearchTermsTable;
  search_terms_version: SearchTermsVersionTable;
  sessions: SessionsTable;
  song_listeners: SongListenersTable;
  song_reports: SongReportsTable;
  songs: SongsTable;
  support_requests: SupportRequestsTable;
  uploads: UploadsTable;
  users: UsersTable;
}
