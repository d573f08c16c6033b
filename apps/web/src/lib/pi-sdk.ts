// The Pi Network browser SDK as this app uses it (window.Pi, loaded from /pi-sdk.js by the app's entry:
// the real SDK, or the Pi simulator's shim in development and tests).

export type PiScope = "username" | "payments" | "wallet_address";

export interface PiUser {
  uid: string;
  username?: string;
}
export interface PiAuthResult {
  accessToken: string;
  user: PiUser;
}
/** What onIncompletePaymentFound receives (Pi's PaymentDTO, the parts we read). */
export interface PiPaymentDTO {
  identifier: string;
  amount?: number;
  memo?: string;
  transaction?: { txid: string } | null;
}
export interface PiPaymentData {
  amount: number;
  memo: string;
  metadata: Record<string, unknown>;
}
/** The SDK does not wait on these: a handler that works asynchronously settles its own failures. */
export interface PiPaymentCallbacks {
  onReadyForServerApproval(paymentId: string): void | Promise<void>;
  onReadyForServerCompletion(paymentId: string, txid: string): void | Promise<void>;
  onCancel(paymentId: string): void;
  onError(error: Error, payment?: PiPaymentDTO): void;
}
export interface PiSdk {
  init(config: { version: string; sandbox?: boolean }): unknown;
  authenticate(
    scopes: PiScope[],
    onIncompletePaymentFound: (payment: PiPaymentDTO) => unknown,
  ): Promise<PiAuthResult>;
  createPayment(data: PiPaymentData, callbacks: PiPaymentCallbacks): unknown;
  isSimulator?: boolean;
}

declare global {
  interface Window {
    Pi?: PiSdk;
  }
}

/** SPEC.md section 9. */
export const PI_POLL_INTERVAL_MS = 500;
export const PI_SDK_VERSION = "2.0";

export const piSdk = (): PiSdk | undefined => (typeof window === "undefined" ? undefined : window.Pi);

const PI_SDK_SCRIPT = "/pi-sdk.js";

/**
 * Adds the SDK's script to the page once (the API answers /pi-sdk.js with Pi's SDK, or the simulator's
 * shim), async: the page does not wait for it; the app polls for window.Pi every 500 ms. Loaded by the
 * app's entry (src/main.tsx) rather than by the HTML, where it competed with the first screen's picture
 * on a slow link.
 */
export function loadPiSdk(): void {
  if (document.querySelector(`script[src="${PI_SDK_SCRIPT}"]`)) return;
  const script = document.createElement("script");
  script.async = true;
  script.src = PI_SDK_SCRIPT;
  document.body.append(script);
}

/** The Pi Browser names itself in its user agent. */
export const isPiBrowser = () => typeof navigator !== "undefined" && /PiBrowser/i.test(navigator.userAgent);

/**
 * The Pi network the server runs on (PI_SANDBOX, read at its start), as the page it sent names it:
 * `<meta name="pi-network" content="sandbox">`. One build serves the sandbox and mainnet.
 */
export const serverPiNetwork = (): "sandbox" | "mainnet" =>
  typeof document !== "undefined" &&
  document.querySelector('meta[name="pi-network"]')?.getAttribute("content") === "sandbox"
    ? "sandbox"
    : "mainnet";

/** Sandbox mode: the simulator, or a server configured for Pi's sandbox (PI_SANDBOX=1). */
export const piSandbox = (pi: PiSdk) => pi.isSimulator === true || serverPiNetwork() === "sandbox";
