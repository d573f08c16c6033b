// The current listener, as the screens see it. Implemented by AuthProvider (features/account/AuthProvider.tsx).
import type { MeDto } from "@purplebeats/contracts";
import type { LastAccount } from "./last-account";

export type CurrentUser = MeDto;

export interface AuthApi {
  /** The session's user once known; a guest session is started automatically when there is none. */
  user: CurrentUser | null;
  /** True until the first /api/me (and any guest creation) has settled. */
  loading: boolean;
  /**
   * The session could not be read for want of a network (the app shell offline): `user` is then the listener
   * last seen online, if any, never a new guest.
   */
  offline: boolean;
  /** Offline, what was last seen of that listener (their profile's name, their membership); else null. */
  lastSeen: LastAccount | null;
  /** SPEC.md section 3's resolution order: session id, pi-user uid, guest profile id, then 'demo-user-123'. */
  userId: string;
  /** Whether window.Pi is loaded and initialised (polled every 500 ms). */
  piReady: boolean;
  /** Outside the Pi Browser with no window.Pi: authentication needs the Pi Browser (show a note). */
  needsPiBrowser: boolean;
  /** The SDK authenticated with the payments scope in this page load: payments need it. */
  walletConnected: boolean;
  /** Wallet sign-in with scopes username and payments (90 s timeout), with SPEC.md's toasts; true on success. */
  signInWithPi(): Promise<boolean>;
  logout(): Promise<void>;
  /** Guests only: a fresh guest identity ('Profile Reset' toast). */
  resetGuestProfile(): Promise<void>;
  /** Deletes the account and its data, then continues as a fresh guest ('Account Deleted'); true on success. */
  deleteAccount(): Promise<boolean>;
}
