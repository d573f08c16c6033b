// The current listener's membership (SPEC.md section 4): premium only while isPremium and expiresAt is
// in the future. The player, the header and every premium gate read it through these hooks.
import { createContext, use, useEffect, type ReactNode } from "react";
import { showToast } from "../../lib/toast";
import { trpc } from "../../lib/trpc";
import { useAuth } from "./AuthProvider";
import { isMembershipActive } from "@purplebeats/contracts/constants";
import { premiumNowActiveToast, settledSinceLastVisit } from "./unsettled-payment";

/** membership.get for the signed-in (or guest) user; idle until the session is known. */
export function useMembership() {
  const { user } = useAuth();
  const userId = user?.uid ?? "";
  return trpc.membership.get.useQuery({ userId }, { enabled: userId !== "" });
}

const PremiumContext = createContext<boolean | null>(null);

/**
 * Reads the membership once for the whole app and hands down only whether it is active. Every heart and
 * premium gate used to read the session and the membership query itself: the session's arrival and the
 * membership's response then re-rendered each of them in one long task, even when the response (a free
 * listener) changed nothing they render. Now they re-render only when the boolean changes.
 */
export function MembershipProvider({ children }: { children: ReactNode }) {
  const membership = useMembership();
  const { user, offline, lastSeen } = useAuth();
  // Offline, the membership as last read (its expiry still applies): a member stays one with no network.
  const active = isMembershipActive(membership.data ?? (offline ? lastSeen?.membership : null));
  const known = membership.isSuccess ? user?.uid : undefined;
  const { isPremium, expiresAt } = membership.data ?? {};
  // Each response, not only a changed one: the session may have forgotten the kept record since the last (local
  // records naming another tab's listener), and a response like the last would otherwise not keep it again.
  const answeredAt = membership.dataUpdatedAt;
  useEffect(() => {
    if (!known || isPremium === undefined || expiresAt === undefined) return;
    // Kept for offline (last-account.ts, loaded here rather than with the first screen).
    void import("./last-account").then(
      (module) => module.rememberLastDetails(known, { membership: { isPremium, expiresAt } }),
      () => undefined,
    );
  }, [known, isPremium, expiresAt, answeredAt]);
  // A payment this device saw fail may have been completed by the server since: say so once.
  useEffect(() => {
    if (known && settledSinceLastVisit(known, active)) showToast(premiumNowActiveToast());
  }, [known, active]);
  return <PremiumContext value={active}>{children}</PremiumContext>;
}

/** Whether the current listener has active premium; false while unknown or outside MembershipProvider. */
export const usePremiumIfKnown = (): boolean => use(PremiumContext) ?? false;

/** Whether the current listener has active premium (false while unknown). Inside MembershipProvider. */
export function useIsPremium(): boolean {
  const isPremium = use(PremiumContext);
  if (isPremium === null) throw new Error("useIsPremium must be used within a MembershipProvider");
  return isPremium;
}
