// Server-side access to the Pi Platform API. The simulator lives at `@purplebeats/pi/simulator`
// so that production code importing the client never loads it.
export {
  createPiPlatformClient,
  DEFAULT_PI_TIMEOUT_MS,
  type PiPlatformClient,
  type PiPlatformClientOptions,
} from "./client.js";
export {
  PiPlatformError,
  isPiPlatformError,
  errorKindForStatus,
  type PiPlatformErrorKind,
  type PiPlatformErrorDetails,
} from "./errors.js";
export * from "./schemas.js";
