// Placeholder until the Premium issue: it replaces this hook with the current user's membership
// (SPEC.md section 4: premium while isPremium and expiresAt is in the future). Until the membership
// endpoint exists, everyone is free.
export function useIsPremium(): boolean {
  return false;
}
