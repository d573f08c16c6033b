// The one line an operator reads at start: what this server runs with, secrets masked.
import type { Config } from "./env.js";

/** "set" for a secret that is configured, "unset" otherwise: never the value, nor its length. */
const secret = (value: string | undefined) => (value ? "set" : "unset");

/** A URL with its password (and user name) masked. */
function maskUrl(url: string | undefined): string {
  if (!url) return "unset";
  try {
    const parsed = new URL(url);
    if (parsed.password) parsed.password = "***";
    if (parsed.username) parsed.username = "***";
    return parsed.toString();
  } catch {
    return "***";
  }
}

/** The effective configuration in one line, e.g. "mode=production pi=mainnet database=postgres://***:***@db/app …". */
export function configSummary(config: Config): string {
  const pi = config.pi.simulator
    ? `simulator${config.pi.simulatorPublic ? " (open to the network)" : ""}`
    : `${config.pi.sandbox ? "sandbox" : "mainnet"} via ${config.pi.apiUrl}`;
  const parts = [
    `mode=${config.nodeEnv}`,
    `listen=${config.host}:${config.port}`,
    `database=${config.databaseUrl ? maskUrl(config.databaseUrl) : `pglite ${config.dataDir}`}`,
    `pi=${pi}`,
    `pi_api_key=${config.pi.simulator ? "simulator" : secret(config.pi.apiKey)}`,
    `pi_validation_key=${secret(config.pi.validationKey)}`,
    `uploads=${config.s3 ? `s3 ${config.s3.endpoint} bucket ${config.s3.bucket} (keys ${secret(config.s3.secretAccessKey)})` : `disk ${config.uploadDir}`}`,
    `sessions=${config.redisUrl ? `redis ${maskUrl(config.redisUrl)}` : "database"}`,
    `trust_proxy=${config.trustProxy ? "on" : "off"}`,
    `admins=${config.adminUids.size}`,
    `music_dirs=${config.musicRoots.length}`,
    `legal=${config.legal.termsFile || config.legal.privacyFile ? "operator's files" : "defaults"}`,
    `log_level=${config.logLevel}`,
  ];
  return `PurpleBeats configuration: ${parts.join(" ")}`;
}
