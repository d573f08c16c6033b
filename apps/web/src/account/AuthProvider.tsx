// SPEC.md section 4's auth provider. The server's session decides who is calling (DESIGN.md "Identity"):
// /api/me answers the session's user, a guest session starts when there is none, and the local records
// of SPEC.md section 9 follow whatever the session says. Kept small: it is part of the first screen, so
// the wallet sign-in and the local database load on first use.
import type { MeDto } from "@purplebeats/contracts";
import { useQuery, useQueryClient, type Query, type QueryClient } from "@tanstack/react-query";
import { createContext, use, useCallback, useEffect, useMemo, useState, type ReactNode } from "react";
import { httpStatusOf } from "../lib/errors";
import { showToast } from "../lib/toast";
import { trpc } from "../lib/trpc";
import { resolveUserId, USER_RECORD_KEY } from "./identity";
import { forgetUser, rememberUser } from "./local-records";
import { isPiBrowser, piSandbox, piSdk, PI_POLL_INTERVAL_MS, PI_SDK_VERSION, type PiPaymentDTO } from "./pi-sdk";
import type { AuthApi } from "./types";

/** The session query: /api/me (plus a guest start), cached 5 minutes, not retried (SPEC.md section 7). */
export const SESSION_QUERY_KEY = ["session"] as const;
export const SESSION_STALE_MS = 5 * 60_000;
/** A 401 or a 'not yourself' 403 re-reads the session, at most this often. */
const SESSION_RECHECK_MS = 10_000;

const AuthContext = createContext<AuthApi | null>(null);

type ApiClient = ReturnType<typeof trpc.useUtils>["client"];

const notSession = (query: Query) => query.queryKey[0] !== SESSION_QUERY_KEY[0];

/** The HTTP status of a failed call, also when the answer was not tRPC's (the session layer's refusals). */
function responseStatus(error: unknown): number | undefined {
  const meta = (error as { meta?: { response?: { status?: unknown } } } | null)?.meta;
  const status = meta?.response?.status;
  return typeof status === "number" ? status : undefined;
}

/**
 * A 403 from the session layer, before any procedure ran: the x-user-id header named someone other than
 * the session's user. (A procedure's own 403s, like 'Premium feature required', carry tRPC's error data.)
 */
function refusedBySessionLayer(error: unknown): boolean {
  return httpStatusOf(error) === undefined && responseStatus(error) === 403;
}

/** Everything that depends on who is calling (in practice: everything but the session itself). */
export function refetchUserScoped(queryClient: QueryClient, { forget = false } = {}) {
  // After a logout the previous listener's data must not linger on screen: reset, not just refetch.
  return forget
    ? queryClient.resetQueries({ predicate: notSession })
    : queryClient.invalidateQueries({ predicate: notSession });
}

async function loadSession(client: ApiClient, queryClient: QueryClient): Promise<MeDto> {
  let me: MeDto | null;
  try {
    me = await client.auth.me.query();
  } catch (error) {
    // Local records that name someone other than the session's user (another tab signed in or out):
    // the server refuses the x-user-id header. Forget them and ask again.
    if (!refusedBySessionLayer(error)) throw error;
    forgetUser();
    me = await client.auth.me.query();
  }
  if (!me) {
    me = await client.auth.guest.mutate();
    rememberUser(me);
    // Reads made before the guest session existed (recently played...) are read again as this guest.
    void refetchUserScoped(queryClient);
    return me;
  }
  rememberUser(me);
  return me;
}

let piInitialised = false;

/** window.Pi, initialised once; polled every 500 ms until it appears (SPEC.md section 4). */
function usePiReady(): boolean {
  const [ready, setReady] = useState(false);
  useEffect(() => {
    const check = () => {
      const pi = piSdk();
      if (!pi) return false;
      if (!piInitialised) {
        try {
          pi.init({ version: PI_SDK_VERSION, sandbox: piSandbox(pi) });
          piInitialised = true;
        } catch (error) {
          console.error("Pi SDK init failed", error);
          return false;
        }
      }
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

export function AuthProvider({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient();
  const utils = trpc.useUtils();
  const { client } = utils;
  const piReady = usePiReady();
  const [walletConnected, setWalletConnected] = useState(false);

  const session = useQuery({
    queryKey: SESSION_QUERY_KEY,
    queryFn: () => loadSession(client, queryClient),
    staleTime: SESSION_STALE_MS,
    retry: false,
    refetchOnWindowFocus: false,
  });
  const user = session.data ?? null;

  // The session can end under us (expiry, another tab): a 401 or a 'not yourself' 403 re-reads it.
  useEffect(() => {
    let lastCheck = 0;
    const recheck = () => {
      if (Date.now() - lastCheck < SESSION_RECHECK_MS) return;
      lastCheck = Date.now();
      void queryClient.invalidateQueries({ queryKey: SESSION_QUERY_KEY });
    };
    const unsubscribe = queryClient.getQueryCache().subscribe((event) => {
      if (event.type !== "updated" || event.action.type !== "error" || !notSession(event.query)) return;
      const error = event.action.error;
      if ((httpStatusOf(error) ?? responseStatus(error)) === 401 || refusedBySessionLayer(error)) recheck();
    });
    const onStorage = (event: StorageEvent) => {
      if (event.key === USER_RECORD_KEY) recheck();
    };
    window.addEventListener("storage", onStorage);
    return () => {
      unsubscribe();
      window.removeEventListener("storage", onStorage);
    };
  }, [queryClient]);

  const signInWithPi = useCallback(async () => {
    const { signInWithWallet } = await import("./wallet");
    const signedIn = await signInWithWallet({
      pi: piReady ? piSdk() : undefined,
      login: (auth) => client.auth.piLogin.mutate({
          accessToken: auth.accessToken,
          user: { uid: auth.user.uid, username: auth.user.username },
        }),
      resolveIncomplete: async (payment: PiPaymentDTO) => {
        await client.payments.resolveIncomplete.mutate({
          paymentId: payment.identifier,
          txid: payment.transaction?.txid ?? null,
        });
        await utils.membership.invalidate();
      },
    });
    if (!signedIn) return false;
    rememberUser(signedIn);
    setWalletConnected(true);
    queryClient.setQueryData(SESSION_QUERY_KEY, signedIn);
    await refetchUserScoped(queryClient);
    return true;
  }, [client, piReady, queryClient, utils]);

  /** Ends the session, forgets the local identity and starts a fresh guest. */
  const endSession = useCallback(
    async (done: { title: string; message: string }) => {
      try {
        await client.auth.logout.mutate();
      } catch (error) {
        const { describeError } = await import("../lib/errors");
        showToast({ title: "Error", message: describeError(error), variant: "destructive" });
        return;
      }
      forgetUser();
      setWalletConnected(false);
      await queryClient.resetQueries({ queryKey: SESSION_QUERY_KEY });
      await refetchUserScoped(queryClient, { forget: true });
      showToast(done);
    },
    [client, queryClient],
  );

  const logout = useCallback(
    () => endSession({ title: "Logged Out", message: "You have been logged out successfully." }),
    [endSession],
  );
  const resetGuestProfile = useCallback(
    () => endSession({ title: "Profile Reset", message: "Your guest profile has been reset. You can start fresh!" }),
    [endSession],
  );

  const value = useMemo<AuthApi>(
    () => ({
      user,
      loading: session.isPending,
      userId: user?.uid ?? resolveUserId(),
      piReady,
      needsPiBrowser: !piReady && !isPiBrowser(),
      walletConnected,
      signInWithPi,
      logout,
      resetGuestProfile,
    }),
    [user, session.isPending, piReady, walletConnected, signInWithPi, logout, resetGuestProfile],
  );
  return <AuthContext value={value}>{children}</AuthContext>;
}

/** The current listener and the sign-in actions. Throws outside AuthProvider (SPEC.md section 8). */
export function useAuth(): AuthApi {
  const auth = use(AuthContext);
  if (!auth) throw new Error("useAuth must be used within an AuthProvider");
  return auth;
}
