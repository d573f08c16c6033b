import type { DataSource } from "typeorm";
import { PREMIUM_AMOUNT_TEXT, type MembershipDto, type MembershipService } from "@purplebeats/contracts";

interface MembershipRow {
  is_premium: boolean;
  expires_at: Date | null;
  amount: string;
  active: boolean;
}

export function createMembershipService(db: DataSource): MembershipService {
  async function read(userId: string): Promise<MembershipRow | undefined> {
    const [row] = (await db.query(
      `SELECT is_premium, expires_at, amount, (is_premium AND expires_at > now()) AS active
       FROM memberships WHERE user_id = $1`,
      [userId],
    )) as MembershipRow[];
    return row;
  }
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
