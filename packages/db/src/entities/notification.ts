import { Column, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn, Unique } from "typeorm";
import { createdAt, optionalText, textColumn, timestampColumn, userIdColumn } from "./columns.js";
import { User } from "./user.js";

/** What a notification tells: its kind decides its words in the inbox and where it links. */
export type NotificationKind =
  | "new_follower"
  | "payment_receipt"
  | "membership_expiring"
  | "support_answer"
  | "new_release"
  | "tip_received";

/**
 * One entry of a listener's in-app inbox. `dedupeKey` makes each event notify once, whoever retries it (a
 * job run twice, two instances): a second insert with the same key for the same listener is a no-op.
 */
@Entity("notifications")
@Unique("uq_notifications_user_dedupe", ["userId", "dedupeKey"])
@Index("idx_notifications_user_created", ["userId", "createdAt"])
export class Notification {
  @PrimaryGeneratedColumn("uuid")
  id: string;

  @userIdColumn()
  userId: string;

  @ManyToOne(() => User, { onDelete: "CASCADE" })
  @JoinColumn({ name: "user_id", foreignKeyConstraintName: "FK_notifications_user_id" })
  user?: User;

  @textColumn()
  kind: NotificationKind;

  @textColumn()
  title: string;

  @textColumn()
  body: string;

  /**
   * The catalog words the title and body were written from (the API's notice words), put in the reader's
   * language when the inbox is read; null for rows written before they were kept. `title` and `body` stay
   * the text as first written (and a person's own text, such as a support answer).
   */
  @Column({ type: "jsonb", nullable: true })
  words: unknown;

  /** The app path the notification opens ("/user/ana", "/support"). */
  @optionalText()
  link: string | null;

  @textColumn({ name: "dedupe_key" })
  dedupeKey: string;

  @timestampColumn({ name: "read_at" })
  readAt: Date | null;

  @createdAt()
  createdAt: Date;
}
