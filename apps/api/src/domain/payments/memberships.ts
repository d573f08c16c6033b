import type { DataSource } from "typeorm";
import {
  activeMembershipSql,
  PREMIUM_AMOUNT_TEXT,
  type MembershipDto,
  type MembershipService,
} from "@purplebeats/contracts";
import { Membership } from "@purplebeats/db";

interface MembershipRow {
  is_premium: boolean;
  expires_at: Date | null;
  amount: string;
  active: boolean;
}

export function createMembershipService(db: DataSource): MembershipService {
  const memberships = db.getRepository(Membership);
  // Whether premium is active is the database's answer (its clock), as the payment writes use now().
  const read = (userId: string) =>
    memberships
      .createQueryBuilder("m")
      .select("m.is_premium", "is_premium")
      .addSelect("m.expires_at", "expires_at")
      .addSelect("m.amount", "amount")
      .addSelect(activeMembershipSql("m"), "active")
      .where("m.userId = :userId", { userId })
      .getRawOne<MembershipRow>();
  return {
    async get(userId): Promise<MembershipDto> {
      const row = await read(userId);
      if (!row) return { isPremium: false, expiresAt: null, amount: PREMIUM_AMOUNT_TEXT };
      // isPremium answers whether premium is active now; an expired membership keeps its date for the card.
      return {
        isPremium: Boolean(row.active),
        expiresAt: row.expires_at ? new Date(row.expires_at).toISOString() : null,
        amount: row.amount,
      };
    },
    async isPremium(userId) {
      return Boolean((await read(userId))?.active);
    },
  };
}
