// The S3-compatible simulator, apart from the client so production code never loads it.
export {
  startS3Simulator,
  SIMULATOR_DEFAULTS,
  type S3Simulator,
  type S3SimulatorOptions,
  type SimulatedObject,
} from "./server.js";
export { verifyRequest, type S3Failure, type IncomingSigned, type VerifyOptions } from "./verify.js";
