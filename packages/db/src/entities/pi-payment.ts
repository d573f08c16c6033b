import { Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn } from "typeorm";
import { createdAt, optionalText, textColumn, updatedAt, userIdColumn } from "./columns.js";
import { User } from "./user.js";

/** 'pending': paid, waiting for Pi to verify the blockchain transaction before premium is granted. */
export type PiPaymentStatus = "created" | "approved" | "pending" | "completed" | "cancelled" | "failed";

@Entity("pi_payments")
@Index("idx_pi_payments_user_id", ["userId"])
@Index("idx_pi_payments_status", ["status", "updatedAt"])
@Index("idx_pi_payments_completed_amount", { synchronize: false })
export class PiPayment {
  @PrimaryGeneratedColumn("uuid")
  id: string;

  @textColumn({ name: "payment_id", unique: true })
  paymentId: string;

  @userIdColumn()
  userId: string;

  @ManyToOne(() => User, { onDelete: "CASCADE" })
  @JoinColumn({ name: "user_id" })
  user?: User;

  @textColumn()
  amount: string;

  @textColumn({ default: "created" })
  status: PiPaymentStatus;

  @optionalText()
  txid: string | null;

  /** JSON text as the SDK sent it (productId, userId, duration). */
  @optionalText()
  metadata: string | null;

  @createdAt()
  createdAt: Date;

  @updatedAt()
  updatedAt: Date;
}
