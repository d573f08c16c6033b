// Screen tests of "your music": the listener (premium or free, signed in or a guest) without the account
// module's providers. Use with
//   vi.mock("<path to>/account", async (importOriginal) => (await import("<here>")).mockAccount(importOriginal));
// and set `listener` per test (resetListener() in beforeEach).
import { vi } from "vitest";
import type * as Account from "../account";
import type { AuthApi, CurrentUser } from "../account";

export const PREMIUM_USER: CurrentUser = {
  uid: "pioneer-uid-1",
  username: "pioneer",
  isGuest: false,
  isAdmin: false,
};
export const GUEST: CurrentUser = {
  uid: "guest-abc-1700000000000",
  username: "Guest User",
  isGuest: true,
  isAdmin: false,
};

export const listener: { user: CurrentUser | null; premium: boolean; membershipPending: boolean } = {
  user: PREMIUM_USER,
  premium: true,
  membershipPending: false,
};

export function resetListener(overrides: Partial<typeof listener> = {}) {
  Object.assign(listener, { user: PREMIUM_USER, premium: true, membershipPending: false }, overrides);
}

export async function mockAccount(importOriginal: () => Promise<typeof Account>) {
  const actual = await importOriginal();
  const useAuth = (): AuthApi =>
    ({
      user: listener.user,
      loading: false,
      userId: listener.user?.uid ?? "demo-user-123",
      piReady: false,
      signInWithPi: vi.fn(),
      logout: vi.fn(),
      resetGuestProfile: vi.fn(),
      deleteAccount: vi.fn(),
    }) as unknown as AuthApi;
  const useMembership = () => ({
    isPending: listener.membershipPending,
    data: listener.membershipPending
      ? undefined
      : {
          isPremium: listener.premium,
          expiresAt: listener.premium ? "2999-01-01T00:00:00.000Z" : null,
          amount: "3.14",
        },
  });
  return {
    ...actual,
    useAuth,
    useIsPremium: () => !listener.membershipPending && listener.premium,
    useMembership,
  };
}
