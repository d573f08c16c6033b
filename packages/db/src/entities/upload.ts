import { Entity, Index, JoinColumn, ManyToOne, PrimaryColumn } from "typeorm";
import { createdAt, optionalText, timestampColumn, userIdColumn } from "./columns.js";
import { User } from "./user.js";

/** A single-use upload grant: the URL's token hash, bound to the user who asked for it. */
@Entity("uploads")
@Index("idx_uploads_expires_at", ["expiresAt"])
@Index("idx_uploads_object_key", ["objectKey"])
export class Upload {
  @PrimaryColumn({ type: "text" })
  id: string;

  @userIdColumn()
  userId: string;

  @ManyToOne(() => User, { onDelete: "CASCADE" })
  @JoinColumn({ name: "user_id" })
  user?: User;

  /** The stored object's key once the PUT succeeded. */
  @optionalText({ name: "object_key" })
  objectKey: string | null;

  @optionalText({ name: "content_type" })
  contentType: string | null;

  @createdAt()
  createdAt: Date;

  @timestampColumn({ name: "expires_at", nullable: false })
  expiresAt: Date;

  @timestampColumn({ name: "used_at" })
  usedAt: Date | null;
}
