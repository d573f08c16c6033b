import { Entity, Index, JoinColumn, ManyToOne, PrimaryColumn } from "typeorm";
import { createdAt, intColumn, optionalText, textColumn, timestampColumn, userIdColumn } from "./columns.js";
import { User } from "./user.js";

/** A single-use upload grant: the URL's token hash, bound to the user who asked for it. */
@Entity("uploads")
@Index("idx_uploads_expires_at", ["expiresAt"])
@Index("idx_uploads_object_key", ["objectKey"])
@Index("idx_uploads_client_ip", ["clientIp", "createdAt"])
@Index("idx_uploads_user_id", ["userId"])
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

  /** What may be uploaded with this grant ('image' now; the kinds are listed in the API's upload-kinds.ts). */
  @textColumn({ default: "image" })
  kind: string;

  /** The stored object's size in bytes, for the owner's quota. */
  @intColumn({ nullable: true })
  size: number | null;

  /** The address that asked for the grant: its daily budget does not restart with a new guest. */
  @optionalText({ name: "client_ip" })
  clientIp: string | null;

  @createdAt()
  createdAt: Date;

  @timestampColumn({ name: "expires_at", nullable: false })
  expiresAt: Date;

  @timestampColumn({ name: "used_at" })
  usedAt: Date | null;
}
