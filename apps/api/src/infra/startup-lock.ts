// Several instances may start at once on one fresh database (a rolling deploy, two replicas): the
// migrations and the seed run under a PostgreSQL advisory lock, one instance at a time, and the next
// finds them done. A crashed holder's lock goes with its connection.
import type { Database } from "@purplebeats/db";
import { releaseAdvisoryLock, waitForAdvisoryLock } from "../data/startup-lock.js";

/** The advisory lock key of "migrate and seed" (an arbitrary constant: 'pb_s'). */
export const STARTUP_LOCK_KEY = 0x70625f73;

export async function underStartupLock<T>(db: Database, work: () => Promise<T>): Promise<T> {
  // PGlite is one process on one connection: nobody to wait for, and the lock would hold that connection.
  if (db.kind !== "postgres") return work();
  const runner = db.dataSource.createQueryRunner();
  await runner.connect();
  try {
    await waitForAdvisoryLock(runner, STARTUP_LOCK_KEY);
    try {
      return await work();
    } finally {
      await releaseAdvisoryLock(runner, STARTUP_LOCK_KEY);
    }
  } finally {
    await runner.release();
  }
}
