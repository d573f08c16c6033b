// The monthly premium share on the job queue (pg-boss): scheduled for the first day of each month (UTC),
// for the month that just ended, and queued once a minute after start for the same month, so that a server
// that was down on the first does not wait a month. At most one queued and one running per month across
// instances ('stately', keyed by the month); a retried or repeated job finds the month split and writes
// nothing (premium-share.ts).
import type PgBoss from "pg-boss";
import { ensureQueue, queueWorkers } from "../../infra/job-queue.js";
import { previousMonth, type PremiumShares } from "./premium-share.js";

export const PREMIUM_SHARE_QUEUE = "premium-share-month";
/** 00:30 UTC on the first of each month: the month before has ended, its late plays are in. */
const MONTHLY = "30 0 1 * *";
const START_CHECK_DELAY_SECONDS = 60;

export interface PremiumShareJobs {
  /** Queues the split of `month` ('YYYY-MM'; the month that ended last when omitted). */
  queue(month?: string): Promise<void>;
}

export async function startPremiumShareJobs(boss: PgBoss, shares: PremiumShares): Promise<PremiumShareJobs> {
  await ensureQueue(boss, PREMIUM_SHARE_QUEUE, { policy: "stately", retryLimit: 5, retryDelay: 60 });
  const workers = queueWorkers<{ month?: string }>(boss, PREMIUM_SHARE_QUEUE);
  await workers.start(1, async ([job]) => {
    if (job) await shares.splitMonth(job.data.month ?? previousMonth(new Date()));
  });
  await boss.schedule(PREMIUM_SHARE_QUEUE, MONTHLY, {}, { tz: "UTC" });
  // Not at once: a server stopped right after it started has no split in flight while its database closes.
  const queue = async (month: string, options: PgBoss.SendOptions = {}) => {
    await workers.send({ month }, { singletonKey: month, ...options });
  };
  await queue(previousMonth(new Date()), { startAfter: START_CHECK_DELAY_SECONDS });
  return { queue: (month) => queue(month ?? previousMonth(new Date())) };
}
