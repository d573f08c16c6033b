import { Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn } from "typeorm";
import { createdAt, textColumn, timestampColumn, userIdColumn } from "./columns.js";
import { User } from "./user.js";

/**
 * A revocable admin API token (the admin command line sends it as a bearer token). Only its SHA-256 is
 * kept, so a leaked table cannot be replayed; it acts as the admin who created it, within its scope.
 */
@Entity("admin_api_tokens")
@Index("idx_admin_api_tokens_hash", ["tokenHash"], { unique: true })
export class AdminApiToken {
  @PrimaryGeneratedColumn("uuid")
  id: string;

  /** SHA-256 of the token, hex. */
  @textColumn({ name: "token_hash" })
  tokenHash: string;

  @userIdColumn()
  userId: string;

  @ManyToOne(() => User, { onDelete: "CASCADE" })
  @JoinColumn({ name: "user_id" })
  user?: User;

  /** What it is for, in the words of whoever created it ("laptop CLI"). */
  @textColumn()
  name: string;

  /** 'read' (admin queries) or 'manage' (every admin procedure); the contracts list the scopes. */
  @textColumn()
  scope: string;

  @createdAt()
  createdAt: Date;

  @timestampColumn({ name: "last_used_at" })
  lastUsedAt: Date | null;

  @timestampColumn({ name: "revoked_at" })
  revokedAt: Date | null;
}
