import { Column, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn } from "typeorm";
import { createdAt, optionalText, textColumn, timestampColumn, userIdColumn } from "./columns.js";
import { Song } from "./song.js";
import { User } from "./user.js";

export type SongReportReason = "rights" | "abuse" | "other";
/** Open until an admin dismisses it or takes the song down. */
export type SongReportStatus = "open" | "dismissed" | "taken_down";

/**
 * A listener's report of a song (a rights claim, abuse, something else). A listener has at most one open
 * report per song; the admin who closed it and when are kept with it.
 */
@Entity("song_reports")
@Index("uq_song_reports_open", ["songId", "userId"], { unique: true, where: "status = 'open'" })
@Index("idx_song_reports_open_created", ["createdAt"], { where: "status = 'open'" })
@Index("idx_song_reports_user", ["userId"])
export class SongReport {
  @PrimaryGeneratedColumn("uuid")
  id: string;

  @Column({ type: "uuid", name: "song_id" })
  songId: string;

  @ManyToOne(() => Song, { onDelete: "CASCADE" })
  @JoinColumn({ name: "song_id", foreignKeyConstraintName: "FK_song_reports_song_id" })
  song?: Song;

  @userIdColumn()
  userId: string;

  @ManyToOne(() => User, { onDelete: "CASCADE" })
  @JoinColumn({ name: "user_id", foreignKeyConstraintName: "FK_song_reports_user_id" })
  user?: User;

  @textColumn()
  reason: SongReportReason;

  @textColumn({ default: "" })
  details: string;

  @textColumn({ default: "open" })
  status: SongReportStatus;

  @optionalText({ name: "resolved_by" })
  resolvedBy: string | null;

  @timestampColumn({ name: "resolved_at" })
  resolvedAt: Date | null;

  @createdAt()
  createdAt: Date;
}
