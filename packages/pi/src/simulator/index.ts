// A local stand-in for the Pi Platform API and the browser SDK. Development and tests only:
// every entry point throws when NODE_ENV is 'production'.
export { piSimulatorPlugin, DEFAULT_HANG_MS, type PiSimulatorPluginOptions } from "./plugin.js";
export { startPiSimulator, type StartPiSimulatorOptions, type RunningPiSimulator } from "./server.js";
export {
  PiSimulatorState,
  SimulatorError,
  paymentDataSchema,
  simulatedUserRequestSchema,
  userWalletFor,
  type SimulatedTransfer,
  type PiSimulatorStateOptions,
  type PaymentData,
  type SimulatedAuthResult,
  type SimulatedUser,
  type SimulatedUserRequest,
} from "./state.js";
export {
  adScenarioRequestSchema,
  SimulatedAdNetwork,
  type AdScenario,
  type AdScenarioRequest,
  type RequestAdResponse,
  type ShowAdResponse,
} from "./ads.js";
export { faultRequestSchema, type FaultKind, type FaultRequest } from "./faults.js";
export { uidForUsername } from "./ids.js";
export { piSdkShimScript } from "./browser/sdk-shim.js";
