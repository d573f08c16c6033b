// The month a completed payment grants: one upsert whose new expiry is computed from the old one by
// the database (GREATEST(now(), expiry) + 1 month), which the query builder's upsert cannot say.
import type { EntityManager } from "typeorm";

export interface PremiumGrant {
  userId: string;
  paymentId: string;
  txid: string;
  walletAddress: string | null;
  amount: string;
}

/** Extends the user's membership by a month from the later of now and its current expiry. */
export async function grantPremiumMonth(tx: EntityManager, grant: PremiumGrant) {
  await tx.query(
    `INSERT INTO memberships (user_id, is_premium, expires_at, payment_id, txid, pi_wallet_id, amount)
     VALUES ($1, true, now() + interval '1 month', $2, $3, $4, $5)
     ON CONFLICT (user_id) DO UPDATE SET
       is_premium = true,
       expires_at = GREATEST(now(), coalesce(memberships.expires_at, now())) + interval '1 month',
       payment_id = EXCLUDED.payment_id,
       txid = EXCLUDED.txid,
       pi_wallet_id = EXCLUDED.pi_wallet_id,
       amount = EXCLUDED.amount,
       updated_at = now()`,
    [grant.userId, grant.paymentId, grant.txid, grant.walletAddress, grant.amount],
  );
}
