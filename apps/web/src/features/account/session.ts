// What the auth provider does, loaded on first use so the provider itself stays small (first screen):
// reading the session (and starting a guest), wallet sign-in, logout and guest reset.
import type { MeDto } from "@purplebeats/contracts";
import { SHARED_PROCEDURES } from "@purplebeats/contracts/constants";
import type { QueryClient } from "@tanstack/react-query";
import { translate } from "../../i18n";
import { describeError, httpStatusOf } from "../../lib/errors";
import { showToast, type ToastOptions } from "../../lib/toast";
import type { trpc } from "../../lib/trpc";
import { SESSION_QUERY_KEY } from "./session-query";
import { forgetUser, rememberUser } from "./local-records";
import { rememberLastUser } from "./last-account";
import type { PiSdk } from "../../lib/pi-sdk";
import { signInWithWallet } from "./wallet";
import { translatedToasts } from "./translated-toasts";

type Utils = ReturnType<typeof trpc.useUtils>;
type ApiClient = Utils["client"];

/** Every query but the session's own: in practice, everything that depends on who is calling. */
const notSession = {
  predicate: (query: { queryKey: readonly unknown[] }) => query.queryKey[0] !== SESSION_QUERY_KEY[0],
};

/** The HTTP status of a failed call, also when the response was not tRPC's (the session layer's refusals). */
export function responseStatus(error: unknown): number | undefined {
  const status = (error as { meta?: { response?: { status?: unknown } } } | null)?.meta?.response?.status;
  return typeof status === "number" ? status : undefined;
}

/**
 * A 403 from the session layer, before any procedure ran: the x-user-id header named someone other than
 * the session's user. (A procedure's own 403s, like 'Premium feature required', carry tRPC's error data.)
 */
export function refusedBySessionLayer(error: unknown): boolean {
  return httpStatusOf(error) === undefined && responseStatus(error) === 403;
}

/**
 * Reads that answer everyone alike (their procedures' meta says `cache: "shared"`). A new guest session
 * changes nothing in them, so they are not read again when one starts (the first screen would otherwise
 * fetch and render its catalog twice).
 */
const SAME_FOR_EVERYONE = new Set(SHARED_PROCEDURES);

/** tRPC's query keys start with the procedure's path: [["songs", "list"], { input, type }]. */
const procedureOf = (queryKey: readonly unknown[]) =>
  Array.isArray(queryKey[0]) ? (queryKey[0] as unknown[]).join(".") : String(queryKey[0]);

/** Every query whose data depends on who is calling. */
const listenerScoped = {
  predicate: (query: { queryKey: readonly unknown[] }) =>
    notSession.predicate(query) && !SAME_FOR_EVERYONE.has(procedureOf(query.queryKey)),
};

/** GET /api/me; with no user, a guest session starts (POST /api/guest). The local records follow. */
export async function loadSession(client: ApiClient, queryClient: QueryClient): Promise<MeDto> {
  let me: MeDto | null;
  let staleRecords = false;
  try {
    me = await client.auth.me.query();
  } catch (error) {
    // Local records naming someone other than the session's user (another tab signed in or out):
    // the server refuses the x-user-id header. Forget them and ask again.
    if (!refusedBySessionLayer(error)) throw error;
    forgetUser();
    staleRecords = true;
    me = await client.auth.me.query();
  }
  const user = me ?? (await client.auth.guest.mutate());
  rememberUser(user);
  rememberLastUser(user);
  if (staleRecords) {
    // The screen's reads went out with the old records, refused or on their way to be (the first screen
    // reads at once, beside this): read them all again (those on their way are cancelled) as this listener.
    void queryClient.invalidateQueries(notSession);
  } else if (!me) {
    // Reads made before the guest session existed (recently played...) are read again as this guest.
    void queryClient.invalidateQueries(listenerScoped);
  }
  return user;
}

/** Wallet sign-in; on success the session, local records and everything user-scoped follow the Pi user. */
export async function signIn(
  utils: Utils,
  queryClient: QueryClient,
  pi: PiSdk | undefined,
  onLateSignIn?: () => void,
): Promise<boolean> {
  const apply = async (user: MeDto) => {
    rememberUser(user);
    rememberLastUser(user);
    queryClient.setQueryData(SESSION_QUERY_KEY, user);
    // A guest who signs in keeps its things: refetch, no need to blank the screens first.
    await queryClient.invalidateQueries(notSession);
  };
  const user = await signInWithWallet({
    pi,
    login: (auth) =>
      utils.client.auth.piLogin.mutate({
        accessToken: auth.accessToken,
        user: { uid: auth.user.uid, username: auth.user.username },
      }),
    resolveIncomplete: async (payment) => {
      await utils.client.payments.resolveIncomplete.mutate({
        paymentId: payment.identifier,
        txid: payment.transaction?.txid ?? null,
      });
      await utils.membership.invalidate();
    },
    // 'Allow' after 'Connection Timeout': the sign-in finishes rather than leaving a silent guest.
    onLateSignIn: (late) => void apply(late).then(() => onLateSignIn?.()),
  });
  if (!user) return false;
  await apply(user);
  return true;
}

/**
 * Ends the session (by logging out, unless `end` ends it otherwise: deleting the account), forgets the local
 * identity, starts a fresh guest, then says so.
 */
export async function endSession(
  client: ApiClient,
  queryClient: QueryClient,
  done: ToastOptions,
  end: () => Promise<unknown> = () => client.auth.logout.mutate(),
): Promise<boolean> {
  try {
    await end();
  } catch (error) {
    showToast({ title: translate("error.title"), message: describeError(error), variant: "destructive" });
    return false;
  }
  forgetUser();
  await queryClient.resetQueries({ queryKey: SESSION_QUERY_KEY });
  // The previous listener's data must not linger on screen: reset, not just refetch.
  await queryClient.resetQueries(notSession);
  showToast(done);
  return true;
}

/** How a session's end is announced, in the app's language. */
export const SESSION_END_TOASTS = translatedToasts({
  loggedOut: { title: "session.loggedOutTitle", message: "session.loggedOut" },
  profileReset: { title: "session.profileResetTitle", message: "session.profileReset" },
  accountDeleted: { title: "session.accountDeletedTitle", message: "session.accountDeleted" },
});
