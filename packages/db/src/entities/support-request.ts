import { Column, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn } from "typeorm";
import { createdAt, optionalText, textColumn, timestampColumn, userIdColumn } from "./columns.js";
import { User } from "./user.js";

/** A listener's 'Contact support' request and, once an admin has written it, the answer. */
@Entity("support_requests")
@Index("idx_support_requests_created", ["createdAt"])
@Index("idx_support_requests_user", ["userId"])
export class SupportRequest {
  @PrimaryGeneratedColumn("uuid")
  id: string;

  @userIdColumn()
  userId: string;

  @ManyToOne(() => User, { onDelete: "CASCADE" })
  @JoinColumn({ name: "user_id", foreignKeyConstraintName: "FK_support_requests_user_id" })
  user?: User;

  @textColumn()
  subject: string;

  @textColumn()
  message: string;

  /** The song or playlist the request is about, if any (kept as sent: the item may go later). */
  @Column({ type: "uuid", name: "song_id", nullable: true })
  songId: string | null;

  @optionalText({ name: "playlist_id" })
  playlistId: string | null;

  /** Whether the listener was a member when they asked: members' requests come first. */
  @Column({ type: "boolean", name: "from_member", default: false })
  fromMember: boolean;

  @optionalText()
  answer: string | null;

  @timestampColumn({ name: "answered_at" })
  answeredAt: Date | null;

  @optionalText({ name: "answered_by" })
  answeredBy: string | null;

  @createdAt()
  createdAt: Date;
}
