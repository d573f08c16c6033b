// SPEC.md section 4's auth provider. The server's session decides who is calling (DESIGN.md "Identity"):
// /api/me answers the session's user, a guest session starts when there is none, and the local records
// of SPEC.md section 9 follow whatever the session says. This file is part of the first screen, so the
// work itself (session.ts: reading the session, sign-in, logout) loads on first use.
import { useQuery, useQueryClient } from "@tanstack/react-query";
import {
  createContext,
  use,
  useCallback,
  useDeferredValue,
  useEffect,
  useMemo,
  useState,
  useSyncExternalStore,
  type ReactNode,
} from "react";
import { trpc } from "../../lib/trpc";
import { sessionOpened } from "../../lib/session-gate";
import { resolveUserId, USER_RECORD_KEY } from "../../lib/identity";
import {
  isPiBrowser,
  piSandbox,
  piSdk,
  PI_POLL_INTERVAL_MS,
  PI_SDK_VERSION,
  type PiSdk,
} from "../../lib/pi-sdk";
import { isNoResponse } from "../../lib/errors";
import { SESSION_QUERY_KEY } from "./session-query";
import type { LastAccount } from "./last-account";
import type { AuthApi } from "./types";

export const SESSION_STALE_MS = 5 * 60_000;
/** A 401, or the session layer refusing the x-user-id header, re-reads the session at most this often. */
const SESSION_RECHECK_MS = 10_000;

const loadSessionModule = () => import("./session");

const AuthContext = createContext<AuthApi | null>(null);
/**
 * useHasSession's answer in a context of its own: the catalog's cards ask it, and must not render again
 * when the rest of the auth state changes (the Pi SDK arriving, a wallet connecting).
 */
const HasSessionContext = createContext(true);

let piInitialised = false;

/** window.Pi, initialised once; undefined until the SDK has loaded (or while its init fails). */
function initialisedPi(): PiSdk | undefined {
  const pi = piSdk();
  if (!pi) return undefined;
  if (!piInitialised) {
    try {
      pi.init({ version: PI_SDK_VERSION, sandbox: piSandbox(pi) });
      piInitialised = true;
    } catch (error) {
      console.error("Pi SDK init failed", error);
      return undefined;
    }
  }
  return pi;
}

/** Whether window.Pi is there and initialised; polled every 500 ms until it is (SPEC.md section 4). */
function usePiReady(): boolean {
  const [ready, setReady] = useState(false);
  useEffect(() => {
    const check = () => {
      if (!initialisedPi()) return false;
      setReady(true);
      return true;
    };
    if (check()) return;
    const timer = setInterval(() => {
      if (check()) clearInterval(timer);
    }, PI_POLL_INTERVAL_MS);
    return () => clearInterval(timer);
  }, []);
  return ready;
}

const neverChanges = () => () => {};

/** Whether this is the Pi Browser: false in the server's HTML (it cannot tell), the truth right after. */
function useInPiBrowser(): boolean {
  return useSyncExternalStore(neverChanges, isPiBrowser, () => false);
}

/**
 * Offline, the account last seen online. Its module loads only then (the service worker has it): online, the
 * first screen does not carry it.
 */
function useLastSeen(offline: boolean): LastAccount | null {
  const [lastSeen, setLastSeen] = useState<LastAccount | null>(null);
  useEffect(() => {
    if (!offline) return;
    let current = true;
    void import("./last-account").then(
      (module) => {
        if (current) setLastSeen(module.readLastAccount());
      },
      () => undefined, // its code did not come either: no one to show
    );
    return () => {
      current = false;
    };
  }, [offline]);
  return offline ? lastSeen : null;
}

export function AuthProvider({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient();
  const utils = trpc.useUtils();
  const piReady = usePiReady();
  const inPiBrowser = useInPiBrowser();
  const [walletConnected, setWalletConnected] = useState(false);

  const session = useQuery({
    queryKey: SESSION_QUERY_KEY,
    queryFn: async () => (await loadSessionModule()).loadSession(utils.client, queryClient),
    staleTime: SESSION_STALE_MS,
    retry: false,
    refetchOnWindowFocus: false,
  });
  // Offline (no response, not a refusal) the session is unknown, not ended: the listener last seen online
  // stays on screen (their downloads play), and no guest is started in their place.
  const offline = session.data === undefined && session.isError && isNoResponse(session.error);
  const lastSeen = useLastSeen(offline);
  const user = session.data ?? lastSeen?.user ?? null;

  // The session can end under us (expiry, another tab signing in or out): re-read it.
  useEffect(() => {
    let lastCheck = 0;
    const recheck = () => {
      if (Date.now() - lastCheck < SESSION_RECHECK_MS) return;
      lastCheck = Date.now();
      void queryClient.invalidateQueries({ queryKey: SESSION_QUERY_KEY });
    };
    const unsubscribe = queryClient.getQueryCache().subscribe((event) => {
      if (event.type !== "updated" || event.action.type !== "error") return;
      if (event.query.queryKey[0] === SESSION_QUERY_KEY[0]) return;
      const error = event.action.error;
      void loadSessionModule().then(({ responseStatus, refusedBySessionLayer }) => {
        const status =
          (error as { data?: { httpStatus?: number } }).data?.httpStatus ?? responseStatus(error);
        if (status === 401 || refusedBySessionLayer(error)) recheck();
      });
    });
    // Another tab signed in, out or reset: follow it at once (not throttled: storage events come only
    // with a real change), and read everything again as the listener that tab left.
    const onStorage = (event: StorageEvent) => {
      if (event.key !== USER_RECORD_KEY) return;
      lastCheck = Date.now();
      void queryClient.invalidateQueries();
    };
    window.addEventListener("storage", onStorage);
    return () => {
      unsubscribe();
      window.removeEventListener("storage", onStorage);
    };
  }, [queryClient]);

  const signInWithPi = useCallback(async () => {
    const { signIn } = await loadSessionModule();
    // The SDK as it is now: a tap right after it loads need not wait for the next poll.
    const signedIn = await signIn(utils, queryClient, initialisedPi(), () => setWalletConnected(true));
    if (signedIn) setWalletConnected(true);
    return signedIn;
  }, [utils, queryClient]);

  const logout = useCallback(async () => {
    const { endSession, SESSION_END_TOASTS } = await loadSessionModule();
    if (await endSession(utils.client, queryClient, SESSION_END_TOASTS.loggedOut)) setWalletConnected(false);
  }, [utils, queryClient]);

  const resetGuestProfile = useCallback(async () => {
    const { endSession, SESSION_END_TOASTS } = await loadSessionModule();
    if (await endSession(utils.client, queryClient, SESSION_END_TOASTS.profileReset))
      setWalletConnected(false);
  }, [utils, queryClient]);

  const deleteAccount = useCallback(async () => {
    const { endSession, SESSION_END_TOASTS } = await loadSessionModule();
    const deleted = await endSession(utils.client, queryClient, SESSION_END_TOASTS.accountDeleted, () =>
      utils.client.account.delete.mutate({ confirm: true }),
    );
    if (deleted) setWalletConnected(false);
    return deleted;
  }, [utils, queryClient]);

  const value = useMemo<AuthApi>(
    () => ({
      user,
      loading: session.isPending,
      offline,
      lastSeen,
      userId: user?.uid ?? resolveUserId(),
      piReady,
      needsPiBrowser: !piReady && !inPiBrowser,
      walletConnected,
      signInWithPi,
      logout,
      resetGuestProfile,
      deleteAccount,
    }),
    [
      user,
      session.isPending,
      offline,
      lastSeen,
      piReady,
      inPiBrowser,
      walletConnected,
      signInWithPi,
      logout,
      resetGuestProfile,
      deleteAccount,
    ],
  );
  // The session's first arrival is handed down in a background render. It comes through
  // useSyncExternalStore, whose updates React renders at once; a context change rendered that way reaches the
  // parts of a server-rendered screen still waiting for their code (each song row's heart) and makes React
  // throw their server markup away and render them again, in one long task. In a background render React
  // hydrates them first, once their code is there. Every later change (a sign-in, a logout) is handed down
  // at once: what a tap does next (a payment) must act as the listener who is calling now.
  const firstArrival = useDeferredValue(value);
  const shown = firstArrival.loading ? firstArrival : value;
  const hasSession = shown.user !== null;
  // A session known from the page (server-rendered with it) or loaded: calls held for it go (lib/session-gate.ts).
  useEffect(() => {
    if (hasSession) sessionOpened();
  }, [hasSession]);
  return (
    <AuthContext value={shown}>
      <HasSessionContext value={hasSession}>{children}</HasSessionContext>
    </AuthContext>
  );
}

/**
 * Whether the browser holds a session (a guest's at least): what the server asks of a song's stream. False on
 * a first visit until the guest session has been started, and while a log-out starts a new one. Outside an
 * AuthProvider (the player's own tests) there is no session to wait for: true.
 */
export function useHasSession(): boolean {
  return use(HasSessionContext);
}

/** The current listener and the sign-in actions. Throws outside AuthProvider (SPEC.md section 8). */
export function useAuth(): AuthApi {
  const auth = use(AuthContext);
  if (!auth) throw new Error("useAuth must be used within an AuthProvider");
  return auth;
}
