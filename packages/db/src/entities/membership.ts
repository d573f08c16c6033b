import { Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn } from "typeorm";
import {
  boolColumn,
  createdAt,
  optionalText,
  textColumn,
  timestampColumn,
  updatedAt,
  userIdColumn,
} from "./columns.js";
import { User } from "./user.js";

/** One row per user; premium is active while isPremium and expiresAt is in the future. */
@Entity("memberships")
@Index("idx_memberships_premium_expires", ["isPremium", "expiresAt"])
@Index("idx_memberships_active", { synchronize: false })
export class Membership {
  @PrimaryGeneratedColumn("uuid")
  id: string;

  @userIdColumn({ unique: true })
  userId: string;

  @ManyToOne(() => User, { onDelete: "CASCADE" })
  @JoinColumn({ name: "user_id" })
  user?: User;

  @boolColumn({ name: "is_premium", default: false })
  isPremium: boolean;

  @timestampColumn({ name: "expires_at" })
  expiresAt: Date | null;

  @optionalText({ name: "payment_id" })
  paymentId: string | null;

  @optionalText()
  txid: string | null;

  @optionalText({ name: "pi_wallet_id" })
  piWalletId: string | null;

  @textColumn({ default: "3.14" })
  amount: string;

  @createdAt()
  createdAt: Date;

  @updatedAt()
  updatedAt: Date;
}
