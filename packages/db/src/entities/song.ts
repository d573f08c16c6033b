import { Column, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn } from "typeorm";
import { createdAt, intColumn, optionalText, textColumn, timestampColumn } from "./columns.js";
import { Artist } from "./artist.js";
import { Album } from "./album.js";

@Entity("songs")
@Index("idx_songs_artist_id", ["artistId"])
@Index("idx_songs_album_id", ["albumId"])
@Index("idx_songs_genre", ["genre", "createdAt", "id"])
@Index("idx_songs_created_at", ["createdAt", "id"])
@Index("idx_songs_trending", ["listenerCount", "playCount", "id"])
@Index("idx_songs_last_played", ["lastPlayed"])
@Index("idx_songs_title_trgm", { synchronize: false })
@Index("idx_songs_title_lower", { synchronize: false })
@Index("idx_songs_title_fts", { synchronize: false })
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

  @createdAt()
  createdAt: Date;
}
