// Server-side access to the Pi Platform API. The simulator lives at `@purplebeats/pi/simulator`
// so that production code importing the client never loads it.
export {
  createPiPlatformClient,
  DEFAULT_PI_TIMEOUT_MS,
  type PiPlatformClient,
  type PiPlatformClientOptions,
  type A2UPaymentRequest,
} from "./client.js";
export {
  PiPlatformError,
  isPiPlatformError,
  errorKindForStatus,
  type PiPlatformErrorKind,
  type PiPlatformErrorDetails,
} from "./errors.js";
export * from "./schemas.js";
export {
  createStellarPayer,
  publicKeyOfSeed,
  PI_NETWORK_PASSPHRASE,
  SIMULATOR_APP_WALLET_SEED,
  type StellarPayer,
  type StellarPayerOptions,
} from "./stellar.js";
