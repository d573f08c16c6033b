// Whether a membership is active: one rule, in TypeScript for the web app and as SQL for the API's reads.
// Active only while the flag is set and the expiry is strictly in the future (at the expiry instant it has
// ended), so a membership with no expiry is never active. Both forms read the same two fields of the
// memberships row; apps/api/test/active-premium.test.ts runs them side by side on boundary cases.
// Imports nothing: the web's constants entry (zod-free) re-exports it.

/** A membership as the DTO carries it (isPremium, expiresAt), or none. */
export type MembershipState = { isPremium: boolean; expiresAt: string | Date | null } | null | undefined;

export const isMembershipActive = (m: MembershipState, now: Date = new Date()): boolean =>
  !!m?.isPremium && m.expiresAt !== null && new Date(m.expiresAt).getTime() > now.getTime();

/**
 * isMembershipActive as an SQL condition on the memberships row `alias` (is_premium, expires_at) at `now`
 * (the database's clock by default, as the payment writes use). Null, not false, when the row is absent
 * (a LEFT JOIN): wrap it in coalesce(..., false) there.
 */
export const activeMembershipSql = (alias: string, now = "now()"): string =>
  `(${alias}.is_premium AND ${alias}.expires_at > ${now})`;
