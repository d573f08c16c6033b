import { Column, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn, Unique } from "typeorm";
import { createdAt, intColumn } from "./columns.js";
import { Playlist } from "./playlist.js";
import { Song } from "./song.js";

@Entity("playlist_songs")
@Unique("uq_playlist_songs_position", ["playlistId", "position"])
@Index("idx_playlist_songs_song_id", ["songId"])
export class PlaylistSong {
  @PrimaryGeneratedColumn("uuid")
  id: string;

  @Column({ type: "text", name: "playlist_id" })
  playlistId: string;

  @ManyToOne(() => Playlist, { onDelete: "CASCADE" })
  @JoinColumn({ name: "playlist_id" })
  playlist?: Playlist;

  @Column({ type: "uuid", name: "song_id" })
  songId: string;

  @ManyToOne(() => Song, { onDelete: "CASCADE" })
  @JoinColumn({ name: "song_id" })
  song?: Song;

  /** 1-based. */
  @intColumn()
  position: number;

  @createdAt("added_at")
  addedAt: Date;
}
