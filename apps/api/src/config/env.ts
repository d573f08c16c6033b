// The API's configuration: read and validated here only; everything else receives a Config.
import path from "node:path";
import { z } from "zod";
import { DEFAULT_MEDIA_DIR, DEFAULT_PGLITE_DIR, DEFAULT_UPLOAD_DIR, REPO_ROOT } from "@purplebeats/db/paths";
import type { S3ClientOptions } from "@purplebeats/s3";
import { RATE_LIMITS, type RateLimits } from "../infra/rate-limits.js";
import { DEFAULT_PAGE_RENDERING, type PageRendering } from "../web/pages/web-app.js";
import { PLAY_RULES, type PlayRules } from "../domain/catalog/play-rules.js";
import { isLoopbackHost } from "../infra/lib/loopback.js";
import { UPLOAD_BUDGETS, type UploadBudgets } from "../domain/uploads/upload-budgets.js";
import { METRICS_ENV, metricsSettings, type MetricsSettings } from "../web/metrics/settings.js";
import { DEFAULT_AD_SETTINGS, type AdSettings } from "../web/pages/ad-settings.js";
import { must } from "../data/must.js";

const MB = 1024 * 1024;

export { findRepoRoot } from "@purplebeats/db/paths";

const flag = z
  .enum(["0", "1", "true", "false", ""])
  .optional()
  .transform((v) => (v === undefined || v === "" ? undefined : v === "1" || v === "true"));

const envSchema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).optional(),
  HOST: z
    .string()
    .optional()
    .transform((v) => v || undefined),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  DATABASE_URL: z
    .string()
    .url()
    .optional()
    .or(z.literal("").transform(() => undefined)),
  DATA_DIR: z.string().optional(),
  MEDIA_DIR: z.string().optional(),
  MUSIC_DIR: z.string().optional(),
  MUSIC_FOLLOW_SYMLINKS: flag,
  SEED_RENDITIONS: flag,
  WEB_DIST: z.string().optional(),
  SEED: flag,
  UPLOAD_DIR: z.string().optional(),
  S3_ENDPOINT: z
    .string()
    .url()
    .refine((v) => /^https?:/.test(v), "must be an http(s) URL")
    .optional()
    .or(z.literal("").transform(() => undefined)),
  S3_BUCKET: z
    .string()
    .regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, "must be a valid bucket name (3-63 of a-z 0-9 . -)")
    .optional()
    .or(z.literal("").transform(() => undefined)),
  S3_REGION: z.string().min(1).default("us-east-1"),
  S3_ACCESS_KEY_ID: z.string().optional(),
  S3_SECRET_ACCESS_KEY: z.string().optional(),
  S3_FORCE_PATH_STYLE: flag,
  REDIS_URL: z
    .string()
    .url()
    .optional()
    .or(z.literal("").transform(() => undefined)),
  ADMIN_UIDS: z.string().default(""),
  LEGAL_TERMS_FILE: z
    .string()
    .optional()
    .transform((v) => v || undefined),
  LEGAL_PRIVACY_FILE: z
    .string()
    .optional()
    .transform((v) => v || undefined),
  PI_SIMULATOR: flag,
  PI_SIMULATOR_PUBLIC: flag,
  PI_SANDBOX: flag,
  PI_VALIDATION_KEY: z
    .string()
    .trim()
    .optional()
    .transform((v) => v || undefined),
  PI_API_URL: z.string().url().default("https://api.minepi.com"),
  PI_API_KEY: z.string().default(""),
  PI_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(10_000),
  ARTIST_TIP_FEE_PERCENT: z.coerce.number().min(0).max(100).default(10),
  PREMIUM_SHARE_PERCENT: z.coerce
    .number()
    .min(0)
    .max(100)
    .refine((n) => Math.abs(n * 100 - Math.round(n * 100)) < 1e-6, {
      message: "PREMIUM_SHARE_PERCENT has at most 2 decimals",
    })
    .default(50),
  ARTIST_PAYOUTS: z.enum(["on", "off"]).default("off"),
  ARTIST_PAYOUT_MIN_PI: z.coerce.number().positive().max(100_000).default(1),
  PI_WALLET_SEED: z
    .string()
    .regex(/^S[A-Z2-7]{55}$/, "PI_WALLET_SEED must be a Stellar secret seed (S..., 56 characters)")
    .optional(),
  PI_HORIZON_URL: z.string().url().optional(),
  TRUST_PROXY: flag,
  RATE_LIMIT_SIGNIN: z.coerce.number().int().min(1).default(RATE_LIMITS.signin),
  RATE_LIMIT_UPLOAD: z.coerce.number().int().min(1).default(RATE_LIMITS.upload),
  RATE_LIMIT_PAYMENT: z.coerce.number().int().min(1).default(RATE_LIMITS.payment),
  RATE_LIMIT_PLAY: z.coerce.number().int().min(1).default(RATE_LIMITS.play),
  RATE_LIMIT_FOLLOW: z.coerce.number().int().min(1).default(RATE_LIMITS.follow),
  RATE_LIMIT_SUPPORT: z.coerce.number().int().min(1).default(RATE_LIMITS.support),
  RATE_LIMIT_REPORT: z.coerce.number().int().min(1).default(RATE_LIMITS.report),
  RATE_LIMIT_NOTIFICATION: z.coerce.number().int().min(1).default(RATE_LIMITS.notification),
  RATE_LIMIT_ACCOUNT: z.coerce.number().int().min(1).default(RATE_LIMITS.account),
  RATE_LIMIT_AD_REWARD: z.coerce.number().int().min(1).default(RATE_LIMITS.adReward),
  RATE_LIMIT_DOWNLOAD: z.coerce.number().int().min(1).default(RATE_LIMITS.download),
  ADS_INTERSTITIAL: flag,
  ADS_REWARDED: flag,
  ADS_EVERY_SONGS: z.coerce.number().int().min(0).max(1000).default(DEFAULT_AD_SETTINGS.everySongs),
  ADS_EVERY_MINUTES: z.coerce
    .number()
    .min(0)
    .max(24 * 60)
    .default(DEFAULT_AD_SETTINGS.everyMinutes),
  UPLOAD_QUOTA_MB: z.coerce
    .number()
    .int()
    .min(1)
    .default(UPLOAD_BUDGETS.userQuotaBytes / MB),
  UPLOAD_ADDRESS_BUDGET_MB: z.coerce
    .number()
    .int()
    .min(1)
    .default(UPLOAD_BUDGETS.addressBytesPerDay / MB),
  UPLOAD_SWEEP_INTERVAL_MS: z.coerce
    .number()
    .int()
    .min(0)
    .default(60 * 60 * 1000),
  RECONCILE_INTERVAL_MS: z.coerce.number().int().min(0).default(60_000),
  REQUEST_TIMEOUT_MS: z.coerce.number().int().min(1000).default(600_000),
  RENDER_TIMEOUT_MS: z.coerce.number().int().min(1).max(600_000).default(DEFAULT_PAGE_RENDERING.timeoutMs),
  RENDER_WARM_UP_MS: z.coerce.number().int().min(1).max(600_000).default(DEFAULT_PAGE_RENDERING.warmUpMs),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  ...METRICS_ENV,
});

export interface Config {
  nodeEnv: "development" | "production" | "test";
  host: string;
  port: number;
  databaseUrl: string | undefined;
  /** PGlite's folder when databaseUrl is unset; 'memory://' keeps nothing. */
  dataDir: string;
  mediaDir: string;
  /** MUSIC_DIR: folders of music scanned at start and on an admin's request (path.delimiter between them). */
  musicRoots: string[];
  /**
   * MUSIC_FOLLOW_SYMLINKS: follow folder links that lead out of MUSIC_DIR (music kept on other disks). Off, the
   * scan reads only files whose real path is inside a root, so a link someone put in the folder reads nothing else.
   */
  musicFollowSymlinks: boolean;
  /** Encode the seed's songs' renditions (cached in MEDIA_DIR by content, so only the first start pays). */
  seedRenditions: boolean;
  /** The built web app; served when the folder exists. */
  webDist: string;
  seed: boolean;
  logLevel: string;
  /** Uploaded objects on local disk (when s3 is unset). */
  uploadDir: string;
  /** S3-compatible storage for uploads; unset keeps them on local disk. */
  s3: S3Config | undefined;
  redisUrl: string | undefined;
  /**
   * Behind a reverse proxy on a loopback or private address: believe its X-Forwarded-For/-Proto (client
   * address for rate limits, https). Only addresses it added count: what the client wrote is not believed.
   */
  trustProxy: boolean;
  /** Attempts per minute per key, for each rate-limited bucket. */
  rateLimits: RateLimits;
  /** Limits of the server's page renders (a slower page is sent not server-rendered). */
  pageRendering: PageRendering;
  /**
   * How often unused uploads are swept (0: never), and how long after its upload an unused object (or
   * after its expiry an unused grant) is kept: a day, as long as an address's budget counts it.
   */
  uploadSweep: { intervalMs: number; graceSeconds: number };
  /** What one user may keep stored, and one address may upload in a day. */
  uploadBudgets: UploadBudgets;
  /** When a listener's repeated play counts again, and how much of their history is kept. */
  plays: PlayRules;
  /** How often payments left 'approved' are settled with Pi; 0 turns the job off. */
  reconcileIntervalMs: number;
  /**
   * How long a request may take to arrive, headers and body (Node's requestTimeout): past it 408 and the
   * socket is closed, so drip-fed bodies cannot hold connections. Responses (long streams) are not limited.
   * 10 minutes by default: a 500 MB library upload over a slow line still fits.
   */
  requestTimeoutMs: number;
  adminUids: Set<string>;
  /**
   * LEGAL_TERMS_FILE and LEGAL_PRIVACY_FILE: the operator's terms of use and privacy notice as Markdown files,
   * read at start; unset, /legal shows the plain defaults (domain/legal/default-documents.ts).
   */
  legal: { termsFile: string | undefined; privacyFile: string | undefined };
  /**
   * Pi Ads on the free tier: interstitials between songs (ADS_INTERSTITIAL, at most one per ADS_EVERY_SONGS songs
   * and per ADS_EVERY_MINUTES minutes) and rewarded ads for skips (ADS_REWARDED). The web app reads them from the page.
   */
  ads: AdSettings;
  /** Where /metrics is served (its own loopback port, and/or the main port behind a token); neither: nowhere. */
  metrics: MetricsSettings;
  /**
   * ARTIST_TIP_FEE_PERCENT: the platform's share of each tip (0-100, default 10); the artist's balance gets the
   * rest. ARTIST_PAYOUTS=on: managers may ask for their artist's balance (at least ARTIST_PAYOUT_MIN_PI) in Pi,
   * paid from the app wallet (PI_WALLET_SEED, required then; never logged) on Pi's testnet when PI_SANDBOX.
   * PREMIUM_SHARE_PERCENT: the share of each month's premium revenue split among the artists members played
   * (0-100, at most 2 decimals, default 50; domain/artists/premium-share.ts).
   */
  artists: {
    tipFeePercent: number;
    premiumSharePercent: number;
    payouts: boolean;
    payoutMinimum: number;
    walletSeed: string | undefined;
    horizonUrl: string;
  };
  pi: {
    /** Run the Pi Platform simulator in process at /pi-sim and talk to it instead of Pi. */
    simulator: boolean;
    /** The simulator's controls answer other machines too (only by explicit choice: they mint identities). */
    simulatorPublic: boolean;
    apiUrl: string;
    apiKey: string;
    timeoutMs: number;
    /** PI_SANDBOX: the web app initialises Pi's SDK for the sandbox (testing) rather than mainnet; read at run time. */
    sandbox: boolean;
    /** PI_VALIDATION_KEY: the Developer Portal's domain key, served at /validation-key.txt. */
    validationKey: string | undefined;
  };
}

/** S3-compatible storage: endpoint, bucket, region, key pair, path-style addressing. */
export type S3Config = Pick<
  S3ClientOptions,
  "endpoint" | "bucket" | "region" | "accessKeyId" | "secretAccessKey" | "forcePathStyle"
>;

const S3_REQUIRED = ["S3_ENDPOINT", "S3_BUCKET", "S3_ACCESS_KEY_ID", "S3_SECRET_ACCESS_KEY"] as const;

/** All of S3_ENDPOINT, S3_BUCKET and the key pair, or none of them (then uploads stay on disk). */
function s3Config(e: z.infer<typeof envSchema>): S3Config | undefined {
  const missing = S3_REQUIRED.filter((name) => !e[name]);
  if (missing.length === S3_REQUIRED.length) return undefined;
  const S3_CHECKED = "each S3_REQUIRED setting was checked present";
  if (missing.length > 0)
    throw new Error(
      `Invalid configuration: S3 storage needs ${S3_REQUIRED.join(", ")} together; missing ${missing.join(", ")}`,
    );
  return {
    endpoint: must(e.S3_ENDPOINT, S3_CHECKED),
    bucket: must(e.S3_BUCKET, S3_CHECKED),
    region: e.S3_REGION,
    accessKeyId: must(e.S3_ACCESS_KEY_ID, S3_CHECKED),
    secretAccessKey: must(e.S3_SECRET_ACCESS_KEY, S3_CHECKED),
    forcePathStyle: e.S3_FORCE_PATH_STYLE ?? true,
  };
}

/** Payouts need the app wallet's seed, but with the simulator, whose own wallet stands in. */
function artistSettings(e: z.infer<typeof envSchema>, simulator: boolean): Config["artists"] {
  const payouts = e.ARTIST_PAYOUTS === "on";
  if (payouts && !simulator && !e.PI_WALLET_SEED)
    throw new Error(
      "Invalid configuration: ARTIST_PAYOUTS=on needs PI_WALLET_SEED (the app wallet's secret seed, from the Pi Developer Portal)",
    );
  const sandbox = e.PI_SANDBOX ?? simulator;
  return {
    tipFeePercent: e.ARTIST_TIP_FEE_PERCENT,
    premiumSharePercent: e.PREMIUM_SHARE_PERCENT,
    payouts,
    payoutMinimum: e.ARTIST_PAYOUT_MIN_PI,
    walletSeed: e.PI_WALLET_SEED,
    horizonUrl:
      e.PI_HORIZON_URL ?? (sandbox ? "https://api.testnet.minepi.com" : "https://api.mainnet.minepi.com"),
  };
}

/** The simulator's API key: it only has to match between our client and our simulator. */
export const SIMULATOR_API_KEY = "simulator-server-key";

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const details = parsed.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`).join("; ");
    throw new Error(`Invalid configuration: ${details}`);
  }
  const e = parsed.data;
  const nodeEnv = e.NODE_ENV ?? (e.DATABASE_URL ? "production" : "development");
  const simulator = e.PI_SIMULATOR ?? nodeEnv !== "production";
  if (simulator && nodeEnv === "production") {
    throw new Error("Invalid configuration: PI_SIMULATOR cannot be enabled when NODE_ENV=production");
  }
  // A deployment listens on every interface; a development run (with the simulator) on this machine only.
  const host = e.HOST ?? (nodeEnv === "production" ? "0.0.0.0" : "127.0.0.1");
  const simulatorPublic = simulator && (e.PI_SIMULATOR_PUBLIC ?? false);
  if (simulator && !isLoopbackHost(host) && !simulatorPublic) {
    throw new Error(
      `Invalid configuration: HOST=${host} would open the Pi simulator to the network (anyone reaching the port could sign in as any Pi user); use HOST=127.0.0.1, or set PI_SIMULATOR_PUBLIC=1 to open it on purpose`,
    );
  }
  return {
    // A real database means a deployment; the embedded default is a local, simulator-friendly run.
    nodeEnv,
    host,
    port: e.PORT,
    databaseUrl: e.DATABASE_URL,
    dataDir: e.DATA_DIR ?? DEFAULT_PGLITE_DIR,
    mediaDir: e.MEDIA_DIR ?? DEFAULT_MEDIA_DIR,
    musicRoots: (e.MUSIC_DIR ?? "")
      .split(path.delimiter)
      .map((root) => root.trim())
      .filter(Boolean)
      .map((root) => path.resolve(root)),
    musicFollowSymlinks: e.MUSIC_FOLLOW_SYMLINKS ?? false,
    seedRenditions: e.SEED_RENDITIONS ?? true,
    webDist: e.WEB_DIST ?? path.join(REPO_ROOT, "apps", "web", "dist"),
    seed: e.SEED ?? true,
    logLevel: e.LOG_LEVEL,
    uploadDir: e.UPLOAD_DIR ?? DEFAULT_UPLOAD_DIR,
    s3: s3Config(e),
    redisUrl: e.REDIS_URL,
    reconcileIntervalMs: e.RECONCILE_INTERVAL_MS,
    requestTimeoutMs: e.REQUEST_TIMEOUT_MS,
    trustProxy: e.TRUST_PROXY ?? false,
    pageRendering: { timeoutMs: e.RENDER_TIMEOUT_MS, warmUpMs: e.RENDER_WARM_UP_MS },
    rateLimits: {
      signin: e.RATE_LIMIT_SIGNIN,
      upload: e.RATE_LIMIT_UPLOAD,
      payment: e.RATE_LIMIT_PAYMENT,
      play: e.RATE_LIMIT_PLAY,
      follow: e.RATE_LIMIT_FOLLOW,
      support: e.RATE_LIMIT_SUPPORT,
      report: e.RATE_LIMIT_REPORT,
      notification: e.RATE_LIMIT_NOTIFICATION,
      account: e.RATE_LIMIT_ACCOUNT,
      adReward: e.RATE_LIMIT_AD_REWARD,
      download: e.RATE_LIMIT_DOWNLOAD,
    },
    plays: PLAY_RULES,
    uploadSweep: { intervalMs: e.UPLOAD_SWEEP_INTERVAL_MS, graceSeconds: 24 * 60 * 60 },
    uploadBudgets: {
      userQuotaBytes: e.UPLOAD_QUOTA_MB * MB,
      addressBytesPerDay: e.UPLOAD_ADDRESS_BUDGET_MB * MB,
    },
    adminUids: new Set(
      e.ADMIN_UIDS.split(",")
        .map((s) => s.trim())
        .filter(Boolean),
    ),
    legal: {
      termsFile: e.LEGAL_TERMS_FILE && path.resolve(e.LEGAL_TERMS_FILE),
      privacyFile: e.LEGAL_PRIVACY_FILE && path.resolve(e.LEGAL_PRIVACY_FILE),
    },
    metrics: metricsSettings(e, e.PORT),
    ads: {
      interstitial: e.ADS_INTERSTITIAL ?? DEFAULT_AD_SETTINGS.interstitial,
      rewarded: e.ADS_REWARDED ?? DEFAULT_AD_SETTINGS.rewarded,
      everySongs: e.ADS_EVERY_SONGS,
      everyMinutes: e.ADS_EVERY_MINUTES,
    },
    artists: artistSettings(e, simulator),
    pi: {
      simulator,
      simulatorPublic,
      apiUrl: e.PI_API_URL,
      apiKey: simulator ? SIMULATOR_API_KEY : e.PI_API_KEY,
      timeoutMs: e.PI_TIMEOUT_MS,
      // The simulator stands in for Pi's sandbox; a deployment is on mainnet unless told otherwise.
      sandbox: e.PI_SANDBOX ?? simulator,
      validationKey: e.PI_VALIDATION_KEY,
    },
  };
}

/** What the server (not the command-line tools) needs beyond loadConfig: a deployment talks to the real Pi. */
export function assertServerConfig(config: Config): void {
  if (config.nodeEnv === "production" && !config.pi.apiKey) {
    throw new Error(
      "Invalid configuration: PI_API_KEY is required when NODE_ENV=production (the app's server API key from the Pi Developer Portal)",
    );
  }
}

/**
 * The mode is decided once, in loadConfig (NODE_ENV, else production when DATABASE_URL is set); libraries
 * that read NODE_ENV themselves (tRPC) follow it too.
 */
export function publishNodeEnv(config: Config): void {
  process.env.NODE_ENV = config.nodeEnv;
}
