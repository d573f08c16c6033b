import { Column, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn } from "typeorm";
import {
  boolColumn,
  createdAt,
  intColumn,
  optionalText,
  realColumn,
  textColumn,
  timestampColumn,
} from "./columns.js";
import { Artist } from "./artist.js";
import { Album } from "./album.js";
import { Release } from "./release.js";

@Entity("songs")
@Index("idx_songs_artist_id", ["artistId"])
@Index("idx_songs_album_id", ["albumId"])
@Index("idx_songs_release_id", ["releaseId"])
@Index("idx_songs_genre", ["genre", "createdAt", "id"])
@Index("idx_songs_created_at", ["createdAt", "id"])
@Index("idx_songs_trending", ["listenerCount", "playCount", "id"])
@Index("idx_songs_last_played", ["lastPlayed"])
// One song per file content: a re-scan or a second upload of the same music never duplicates it.
@Index("idx_songs_content_hash", ["contentHash"], { unique: true, where: "content_hash IS NOT NULL" })
@Index("idx_songs_source", ["source"], { where: "source IS NOT NULL" })
@Index("idx_songs_without_low", ["id"], { where: "low_key IS NULL AND standard_key IS NOT NULL" })
@Index("idx_songs_title_folded", { synchronize: false })
@Index("idx_songs_title_words", { synchronize: false })
@Index("idx_songs_title_folded_trgm", { synchronize: false })
@Index("idx_songs_genre_popular", { synchronize: false })
@Index("idx_songs_popular", { synchronize: false })
export class Song {
  @PrimaryGeneratedColumn("uuid")
  id: string;

  @textColumn()
  title: string;

  @Column({ type: "uuid", name: "artist_id" })
  artistId: string;

  @ManyToOne(() => Artist, { onDelete: "CASCADE" })
  @JoinColumn({ name: "artist_id" })
  artist?: Artist;

  @Column({ type: "uuid", name: "album_id", nullable: true })
  albumId: string | null;

  @ManyToOne(() => Album, { onDelete: "SET NULL" })
  @JoinColumn({ name: "album_id" })
  album?: Album | null;

  /** Whole seconds, equal to the audio file's length. */
  @intColumn()
  duration: number;

  @optionalText({ name: "audio_url" })
  audioUrl: string | null;

  @optionalText({ name: "image_url" })
  imageUrl: string | null;

  @optionalText()
  genre: string | null;

  @intColumn({ name: "track_number", nullable: true })
  trackNumber: number | null;

  @intColumn({ name: "play_count", default: 0 })
  playCount: number;

  /** Distinct listeners (song_listeners): what Trending ranks by, so one caller cannot rig it. */
  @intColumn({ name: "listener_count", default: 0 })
  listenerCount: number;

  @timestampColumn({ name: "last_played" })
  lastPlayed: Date | null;

  @intColumn({ name: "disc_number", nullable: true })
  discNumber: number | null;

  /** Where the music came from: a file under MUSIC_DIR (absolute path) or an upload's object key. */
  @optionalText()
  source: string | null;

  /** The source file's size and modification time when it was last read: unchanged files are not read again. */
  @Column({ type: "bigint", name: "source_size", nullable: true })
  sourceSize: string | null;

  @Column({ type: "bigint", name: "source_mtime_ms", nullable: true })
  sourceMtimeMs: string | null;

  /** sha256 of the source's bytes (hex). */
  @optionalText({ name: "content_hash" })
  contentHash: string | null;

  /** Media key of the rendition everyone may play (content-addressed, immutable). */
  @optionalText({ name: "standard_key" })
  standardKey: string | null;

  @intColumn({ name: "standard_kbps", nullable: true })
  standardKbps: number | null;

  /** Media key of the premium rendition (320 kbps, or the lossy source itself when at or under that rate). */
  @optionalText({ name: "high_key" })
  highKey: string | null;

  @intColumn({ name: "high_kbps", nullable: true })
  highKbps: number | null;

  /** Media key of the data saver's rendition (64 kbps), for everyone; made after the others for older songs. */
  @optionalText({ name: "low_key" })
  lowKey: string | null;

  @intColumn({ name: "low_kbps", nullable: true })
  lowKbps: number | null;

  /** EBU R128 integrated loudness of the track (LUFS) and its true peak (dBTP). */
  @realColumn({ name: "loudness_lufs", nullable: true })
  loudnessLufs: number | null;

  @realColumn({ name: "true_peak_db", nullable: true })
  truePeakDb: number | null;

  /** The same for the song's whole album (album gain when an album plays in order). */
  @realColumn({ name: "album_loudness_lufs", nullable: true })
  albumLoudnessLufs: number | null;

  @realColumn({ name: "album_true_peak_db", nullable: true })
  albumTruePeakDb: number | null;

  /** Taken out of the catalog by an admin. */
  @boolColumn({ default: false })
  hidden: boolean;

  /** Its file is gone from MUSIC_DIR: hidden from the catalog, kept in likes and playlists as unavailable. */
  @boolColumn({ default: false })
  unavailable: boolean;

  /** The artist's release it came in with (an upload from the artist studio); null for the rest. */
  @Column({ type: "uuid", name: "release_id", nullable: true })
  releaseId: string | null;

  @ManyToOne(() => Release, { onDelete: "SET NULL" })
  @JoinColumn({ name: "release_id", foreignKeyConstraintName: "FK_songs_release_id" })
  release?: Release | null;

  /** Premium members only (the album's flag counts too). */
  @boolColumn({ name: "members_only", default: false })
  membersOnly: boolean;

  @createdAt()
  createdAt: Date;
}
