// Wallet sign-in (SPEC.md sections 4 and 8): the SDK must be ready, authenticate with scopes username and
// payments within 90 s, then the server verifies the access token and upgrades the session.
// Framework-free so every outcome is tested (AuthProvider.test.tsx, "wallet sign-in"); AuthProvider supplies the calls.
import type { MeDto } from "@purplebeats/contracts";
import { translate } from "../../i18n";
import { describeError } from "../../lib/errors";
import { showToast, type ToastOptions } from "../../lib/toast";
import type { PiAuthResult, PiPaymentDTO, PiScope, PiSdk } from "../../lib/pi-sdk";
import { translatedToasts } from "./translated-toasts";

/** SPEC.md sections 7 and 9: scopes username and payments, given up after 90 s. */
export const PI_AUTH_TIMEOUT_MS = 90_000;
export const PI_SCOPES: PiScope[] = ["username", "payments"];

export class PiTimeoutError extends Error {
  constructor() {
    super("Authentication timed out");
    this.name = "PiTimeoutError";
  }
}

/**
 * Pi.authenticate, given up after `timeoutMs` (a PiTimeoutError). The wallet's sheet may still be open
 * then: an 'Allow' given after the timeout reaches `onLate`, so that the sign-in can still finish.
 */
export function authenticateWithTimeout(
  pi: PiSdk,
  onIncompletePaymentFound: (payment: PiPaymentDTO) => unknown,
  timeoutMs = PI_AUTH_TIMEOUT_MS,
  onLate?: (auth: PiAuthResult) => void,
): Promise<PiAuthResult> {
  return new Promise<PiAuthResult>((resolve, reject) => {
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      reject(new PiTimeoutError());
    }, timeoutMs);
    Promise.resolve()
      .then(() => pi.authenticate(PI_SCOPES, onIncompletePaymentFound))
      .then(
        (auth) => (timedOut ? onLate?.(auth) : resolve(auth)),
        (error: unknown) => {
          if (!timedOut) reject(error);
        },
      )
      .finally(() => clearTimeout(timer));
  });
}

export type PiAuthFailure = "timeout" | "cancelled" | "failed";

/** How a failed authenticate reads to the listener: timed out, cancelled or denied, or another failure. */
export function classifyPiAuthError(error: unknown): PiAuthFailure {
  if (error instanceof PiTimeoutError) return "timeout";
  const message = error instanceof Error ? error.message : String(error);
  return /cancel|denied|deny|reject|declin/i.test(message) ? "cancelled" : "failed";
}

/** The sign-in's toasts, in the app's language when shown. */
export const WALLET_TOASTS = Object.assign(
  translatedToasts({
    loading: { title: "account.sdkLoadingTitle", message: "account.sdkLoading" },
    timeout: { title: "wallet.timeoutTitle", message: "wallet.timeout", variant: "destructive" },
    cancelled: { title: "wallet.cancelledTitle", message: "wallet.cancelled", variant: "destructive" },
  }),
  {
    failed: (error: unknown): ToastOptions => ({
      title: translate("wallet.failedTitle"),
      message: describeError(error),
      variant: "destructive",
    }),
    authenticated: (user: MeDto): ToastOptions => ({
      title: translate("wallet.authenticatedTitle"),
      message: translate("wallet.welcome", { name: user.username }),
    }),
  },
);

export interface WalletSignInDeps {
  /** window.Pi once ready, else undefined. */
  pi: PiSdk | undefined;
  /** auth.piLogin: the server verifies the token and starts the Pi user's session. */
  login(auth: PiAuthResult): Promise<MeDto>;
  /** payments.resolveIncomplete, then a membership refetch. */
  resolveIncomplete(payment: PiPaymentDTO): Promise<void>;
  toast?: (options: ToastOptions) => void;
  timeoutMs?: number;
  /** A sign-in finished after 'Connection Timeout' (the listener allowed it late in the wallet). */
  onLateSignIn?: (user: MeDto) => void;
}

/** Signs in with the wallet; the user on success, null after the matching toast otherwise. */
export async function signInWithWallet({
  pi,
  login,
  resolveIncomplete,
  toast = showToast,
  timeoutMs = PI_AUTH_TIMEOUT_MS,
  onLateSignIn,
}: WalletSignInDeps): Promise<MeDto | null> {
  if (!pi) {
    toast(WALLET_TOASTS.loading);
    return null;
  }

  // A payment the wallet reports as unfinished is finished by the server, which needs the Pi user's
  // session: before sign-in completes it waits.
  let signedIn = false;
  let incomplete: PiPaymentDTO | null = null;
  const finishIncomplete = (payment: PiPaymentDTO) =>
    resolveIncomplete(payment).catch((error: unknown) =>
      console.error("Could not finish an incomplete payment", error),
    );
  const onIncompletePaymentFound = (payment: PiPaymentDTO) => {
    console.info("Incomplete payment found", payment.identifier);
    if (signedIn) void finishIncomplete(payment);
    else incomplete = payment;
  };

  const finish = async (auth: PiAuthResult): Promise<MeDto | null> => {
    let user: MeDto;
    try {
      user = await login(auth);
    } catch (error) {
      console.error("Pi sign-in was refused", error);
      toast(WALLET_TOASTS.failed(error));
      return null;
    }
    signedIn = true;
    toast(WALLET_TOASTS.authenticated(user));
    const pending = incomplete as PiPaymentDTO | null;
    if (pending) await finishIncomplete(pending);
    return user;
  };
  const finishLate = (auth: PiAuthResult) =>
    void finish(auth).then((user) => {
      if (user) onLateSignIn?.(user);
    });

  let auth: PiAuthResult;
  try {
    auth = await authenticateWithTimeout(pi, onIncompletePaymentFound, timeoutMs, finishLate);
  } catch (error) {
    console.error("Pi authentication failed", error);
    const failure = classifyPiAuthError(error);
    toast(failure === "failed" ? WALLET_TOASTS.failed(error) : WALLET_TOASTS[failure]);
    return null;
  }
  return finish(auth);
}
