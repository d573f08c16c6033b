import { Entity, Index, JoinColumn, ManyToOne, PrimaryColumn } from "typeorm";
import { User } from "./user.js";
import { createdAt, timestampColumn, userIdColumn } from "./columns.js";

/** A server-side session. The id is the SHA-256 of the cookie's token, so a leaked table cannot be replayed. */
@Entity("sessions")
@Index("idx_sessions_user_id", ["userId"])
@Index("idx_sessions_expires_at", ["expiresAt"])
export class Session {
  @PrimaryColumn({ type: "text" })
  id: string;

  @userIdColumn()
  userId: string;

  @ManyToOne(() => User, { onDelete: "CASCADE" })
  @JoinColumn({ name: "user_id" })
  user?: User;

  @createdAt()
  createdAt: Date;

  @timestampColumn({ name: "expires_at", nullable: false })
  expiresAt: Date;
}
