import { Column, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn, Unique } from "typeorm";
import { createdAt, userIdColumn } from "./columns.js";
import { Playlist } from "./playlist.js";
import { User } from "./user.js";

@Entity("liked_playlists")
@Unique("uq_liked_playlists_user_playlist", ["userId", "playlistId"])
@Index("idx_liked_playlists_user_liked_at", ["userId", "likedAt"])
export class LikedPlaylist {
  @PrimaryGeneratedColumn("uuid")
  id: string;

  @Column({ type: "text", name: "playlist_id" })
  playlistId: string;

  @ManyToOne(() => Playlist, { onDelete: "CASCADE" })
  @JoinColumn({ name: "playlist_id" })
  playlist?: Playlist;

  @userIdColumn()
  userId: string;

  @ManyToOne(() => User, { onDelete: "CASCADE" })
  @JoinColumn({ name: "user_id" })
  user?: User;

  @createdAt("liked_at")
  likedAt: Date;
}
