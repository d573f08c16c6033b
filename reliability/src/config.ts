// The suite's settings, read once: quick (CI) or full, the seed, and where PostgreSQL and Redis are.
import path from "node:path";
import { fileURLToPath } from "node:url";

export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
export const reliabilityRoot = path.join(repoRoot, "reliability");
/** Captured server logs and per-suite results (ignored by git, ESLint and Prettier, like every test-results folder). */
export const outputDir = path.join(reliabilityRoot, "test-results");

const env = process.env;

/**
 * Quick mode is CI's shorter subset: the same suites with fewer cases and shorter runs.
 * RELIABILITY_QUICK=1 forces it, =0 forbids it; otherwise CI=true picks it.
 */
export const QUICK = env.RELIABILITY_QUICK ? env.RELIABILITY_QUICK === "1" : env.CI === "true";

/** One seed per run (printed by the global setup); RELIABILITY_SEED reproduces a run. */
export function runSeed(): number {
  const raw = env.RELIABILITY_SEED;
  if (!raw) throw new Error("RELIABILITY_SEED is set by the global setup; run the suite through vitest");
  const seed = Number(raw);
  if (!Number.isInteger(seed) || seed < 0) throw new Error(`RELIABILITY_SEED must be a whole number: ${raw}`);
  return seed;
}

/** A server URL of the PostgreSQL cluster to make scratch databases on (any database of it). */
export const POSTGRES_URL =
  env.RELIABILITY_DATABASE_URL || env.TEST_DATABASE_URL || "postgres://postgres@127.0.0.1:5432/postgres";

/** Redis for the scale-out variant; a database number of its own, flushed by the suite that uses it. */
export const REDIS_URL = env.RELIABILITY_REDIS_URL || "redis://127.0.0.1:6379/11";

/** Full and quick sizes of everything that has a size. */
export const SIZES = QUICK
  ? {
      badInputCases: 5_200,
      hostileTextCases: 300,
      loadConnections: 200,
      loadSeconds: 15,
      killRounds: 2,
      pgRestartLoadSeconds: 6,
      bruteForceAttempts: 40,
    }
  : {
      badInputCases: 12_000,
      hostileTextCases: 1_200,
      loadConnections: 200,
      loadSeconds: 60,
      killRounds: 5,
      pgRestartLoadSeconds: 10,
      bruteForceAttempts: 80,
    };
