// S3-compatible object storage: AWS Signature V4 and a minimal client. The simulator lives at
// `@purplebeats/s3/simulator` so that production code importing the client never loads it.
export {
  createS3Client,
  DEFAULT_S3_TIMEOUT_MS,
  type ObjectInfo,
  type ObjectStream,
  type S3Client,
  type S3ClientOptions,
} from "./client.js";
export { S3Error, errorKindForStatus, parseErrorXml, type S3ErrorKind } from "./errors.js";
export {
  EMPTY_SHA256,
  MAX_PRESIGN_SECONDS,
  UNSIGNED_PAYLOAD,
  presignUrl,
  sha256Hex,
  signHeaders,
  type Credentials,
  type SigningContext,
} from "./signer.js";
