// The current listener's membership (SPEC.md section 4): premium only while isPremium and expiresAt is
// in the future. The player, the header and every premium gate read it through these hooks.
import { trpc } from "../lib/trpc";
import { useAuth } from "./AuthProvider";
import { isMembershipActive } from "./premium-rules";

/** membership.get for the signed-in (or guest) user; idle until the session is known. */
export function useMembership() {
  const { user } = useAuth();
  const userId = user?.uid ?? "";
  return trpc.membership.get.useQuery({ userId }, { enabled: userId !== "" });
}

/** Whether the current listener has active premium (false while unknown). */
export function useIsPremium(): boolean {
  const membership = useMembership();
  return isMembershipActive(membership.data);
}
