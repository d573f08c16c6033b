// A suite's world: a fresh PostgreSQL database, a standalone Pi simulator and API processes on them.
import { ApiProcess, stopAllApis } from "./api-process.js";
import { createScratchDatabase, ensurePostgresRunning, type ScratchDatabase } from "./postgres.js";
import { startSimulator, type Simulator } from "./pi.js";

/** Attempts per minute high enough that only the rate-limit tests ever meet a limit. */
export const NO_RATE_LIMITS = {
  RATE_LIMIT_SIGNIN: "1000000",
  RATE_LIMIT_UPLOAD: "1000000",
  RATE_LIMIT_PAYMENT: "1000000",
  RATE_LIMIT_PLAY: "1000000",
  RATE_LIMIT_FOLLOW: "1000000",
  RATE_LIMIT_SUPPORT: "1000000",
  RATE_LIMIT_NOTIFICATION: "1000000",
  RATE_LIMIT_ACCOUNT: "1000000",
  RATE_LIMIT_AD_REWARD: "1000000",
};

export interface Stack {
  db: ScratchDatabase;
  sim: Simulator;
  /** Makes an API process on this stack's database and simulator (not started). */
  api(name: string, env?: Record<string, string | undefined>): ApiProcess;
  /** Makes an API process on its own embedded PGlite in memory, on this stack's simulator (not started). */
  apiOnPglite(name: string, env?: Record<string, string | undefined>): ApiProcess;
  stop(): Promise<void>;
}

export async function startStack(label: string): Promise<Stack> {
  await ensurePostgresRunning();
  const db = await createScratchDatabase(label);
  const sim = await startSimulator();
  const media: Record<string, string> = process.env.MEDIA_DIR ? { MEDIA_DIR: process.env.MEDIA_DIR } : {};
  const api = (name: string, databaseUrl: string | undefined, env: Record<string, string | undefined>) =>
    new ApiProcess({ name, databaseUrl, piApiUrl: sim.url, piApiKey: sim.apiKey, env: { ...media, ...env } });
  return {
    db,
    sim,
    api: (name, env = {}) => api(name, db.url, env),
    // No DATABASE_URL: the server opens PGlite in DATA_DIR, here memory (the mode is still production).
    apiOnPglite: (name, env = {}) => api(name, undefined, { DATA_DIR: "memory://", ...env }),
    async stop() {
      const unclean = await stopAllApis();
      await sim.close().catch(() => {});
      await db.drop();
      if (unclean.length) throw new Error(`API processes did not shut down cleanly: ${unclean.join("; ")}`);
    },
  };
}

/** Runs `work` over the items, at most `concurrency` at a time, in order of start. */
export async function runPool<T, R>(
  items: readonly T[],
  concurrency: number,
  work: (item: T, index: number) => Promise<R>,
): Promise<R[]> {
  const results = new Array<R>(items.length);
  let next = 0;
  const workers = Array.from({ length: Math.min(concurrency, items.length) }, async () => {
    while (next < items.length) {
      const i = next++;
      results[i] = await work(items[i]!, i);
    }
  });
  await Promise.all(workers);
  return results;
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
