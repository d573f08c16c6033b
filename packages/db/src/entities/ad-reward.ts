import { Column, Entity, Index, JoinColumn, ManyToOne, PrimaryColumn } from "typeorm";
import { User } from "./user.js";

/**
 * A rewarded ad from Pi's Ad Network whose reward was granted: 30 minutes of skips for the listener who watched
 * it. The ad's id is the key, so each ad rewards once. Erasing a listener keeps the row without them, so that
 * their ads stay spent.
 */
@Entity("ad_rewards")
@Index("idx_ad_rewards_user_until", ["userId", "skipsUntil"])
export class AdReward {
  @PrimaryColumn({ type: "text", name: "ad_id", primaryKeyConstraintName: "PK_ad_rewards_ad_id" })
  adId: string;

  @Column({ type: "text", name: "user_id", nullable: true })
  userId: string | null;

  @ManyToOne(() => User, { onDelete: "SET NULL" })
  @JoinColumn({ name: "user_id", foreignKeyConstraintName: "FK_ad_rewards_user_id" })
  user?: User;

  @Column({ type: "timestamptz", name: "granted_at", default: () => "now()" })
  grantedAt: Date;

  @Column({ type: "timestamptz", name: "skips_until" })
  skipsUntil: Date;
}
