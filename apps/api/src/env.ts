// The API's configuration: read and validated here only; everything else receives a Config.
import path from "node:path";
import { existsSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { z } from "zod";

/** The monorepo root: the folder holding pnpm-workspace.yaml, found by walking up. */
export function findRepoRoot(start = path.dirname(fileURLToPath(import.meta.url))): string {
  let dir = start;
  while (!existsSync(path.join(dir, "pnpm-workspace.yaml"))) {
    const parent = path.dirname(dir);
    if (parent === dir) return process.cwd();
    dir = parent;
  }
  return dir;
}

const flag = z
  .enum(["0", "1", "true", "false", ""])
  .optional()
  .transform((v) => (v === undefined || v === "" ? undefined : v === "1" || v === "true"));

const envSchema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).optional(),
  HOST: z.string().default("0.0.0.0"),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  DATABASE_URL: z.string().url().optional().or(z.literal("").transform(() => undefined)),
  DATA_DIR: z.string().optional(),
  MEDIA_DIR: z.string().optional(),
  WEB_DIST: z.string().optional(),
  SEED: flag,
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
});

export interface Config {
  nodeEnv: "development" | "production" | "test";
  host: string;
  port: number;
  databaseUrl: string | undefined;
  /** PGlite's folder when databaseUrl is unset; 'memory://' keeps nothing. */
  dataDir: string;
  mediaDir: string;
  /** The built web app; served when the folder exists. */
  webDist: string;
  seed: boolean;
  logLevel: string;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const details = parsed.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`).join("; ");
    throw new Error(`Invalid configuration: ${details}`);
  }
  const e = parsed.data;
  const root = findRepoRoot();
  return {
    // A real database means a deployment; the embedded default is a local, simulator-friendly run.
    nodeEnv: e.NODE_ENV ?? (e.DATABASE_URL ? "production" : "development"),
    host: e.HOST,
    port: e.PORT,
    databaseUrl: e.DATABASE_URL,
    dataDir: e.DATA_DIR ?? path.join(root, "data", "pglite"),
    mediaDir: e.MEDIA_DIR ?? path.join(root, "data", "media"),
    webDist: e.WEB_DIST ?? path.join(root, "apps", "web", "dist"),
    seed: e.SEED ?? true,
    logLevel: e.LOG_LEVEL,
  };
}
