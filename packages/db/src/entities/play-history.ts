import { Column, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn } from "typeorm";
import { boolColumn, createdAt, userIdColumn } from "./columns.js";
import { Song } from "./song.js";
import { User } from "./user.js";

/** One row per play, so that Recently Played and listening figures are per user. */
@Entity("play_history")
@Index("idx_play_history_user_played_at", ["userId", "playedAt"])
@Index("idx_play_history_song_id", ["songId"])
export class PlayHistory {
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

  /** Played in a private session: counted nowhere others can see (apps/api domain/accounts/private-session.ts). */
  @boolColumn({ name: "is_private", default: false })
  isPrivate: boolean;

  @createdAt("played_at")
  playedAt: Date;
}
