import { Entity, Index, PrimaryColumn } from "typeorm";
import { boolColumn, createdAt, optionalText, textColumn, timestampColumn } from "./columns.js";

export type UserKind = "guest" | "pi" | "system" | "deleted";

/**
 * Every caller is a user: guests, Pi users, and the system account that curates the catalog. One more, kind
 * "deleted", keeps the payments of deleted accounts for the books (apps/api/src/data/listener-data.ts).
 */
@Entity("users")
@Index("idx_users_created_at", ["createdAt"])
@Index("idx_users_listeners_created_at", { synchronize: false })
@Index("idx_users_listeners_id", { synchronize: false })
@Index("idx_users_non_listeners", { synchronize: false })
export class User {
  /** The Pi uid, or 'guest-...' for guests. */
  @PrimaryColumn({ type: "text" })
  id: string;

  @textColumn()
  username: string;

  @textColumn({ default: "guest" })
  kind: UserKind;

  @boolColumn({ name: "is_admin", default: false })
  isAdmin: boolean;

  /** The Pi wallet address, when Pi has shared it. */
  @optionalText({ name: "wallet_address" })
  walletAddress: string | null;

  @createdAt()
  createdAt: Date;

  @timestampColumn({ name: "last_seen_at" })
  lastSeenAt: Date | null;
}
