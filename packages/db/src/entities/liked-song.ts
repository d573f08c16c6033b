import { Column, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn, Unique } from "typeorm";
import { createdAt, userIdColumn } from "./columns.js";
import { Song } from "./song.js";
import { User } from "./user.js";

/** SPEC's liked_songs had no owner; DESIGN.md gives each like a user. */
@Entity("liked_songs")
@Unique("uq_liked_songs_user_song", ["userId", "songId"])
@Index("idx_liked_songs_song_id", ["songId", "userId"])
@Index("idx_liked_songs_user_liked_at", ["userId", "likedAt"])
export class LikedSong {
  @PrimaryGeneratedColumn("uuid")
  id: string;

  @userIdColumn()
  userId: string;

  @ManyToOne(() => User, { onDelete: "CASCADE" })
  @JoinColumn({ name: "user_id" })
  user?: User;

  @Column({ type: "uuid", name: "song_id" })
  songId: string;

  @ManyToOne(() => Song, { onDelete: "CASCADE" })
  @JoinColumn({ name: "song_id" })
  song?: Song;

  @createdAt("liked_at")
  likedAt: Date;
}
