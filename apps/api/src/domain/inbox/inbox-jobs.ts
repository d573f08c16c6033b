// The inbox's work on the job queue (pg-boss): new releases fan out to the artist's followers in a job,
// never in the request or the encode that added the song, and a scheduled check tells members whose
// membership ends within 3 days. Both are idempotent through the notifications' dedupe keys, so a retried
// or repeated job notifies nobody twice.
import type PgBoss from "pg-boss";
import type { DataSource } from "typeorm";
import { ensureQueue, queueWorkers } from "../../infra/job-queue.js";
import { artistFollowerIds, membershipsExpiringWithin } from "../../data/notifications.js";
import { releaseOfSong } from "../../data/releases.js";
import type { Notifier } from "./notifier.js";
import { membershipExpiring, newRelease } from "./messages.js";
import { must } from "../../data/must.js";

export const INBOX_QUEUES = {
  /** One new song: its release (album, or the song alone) told to the artist's followers. */
  newRelease: "notify-new-release",
  /** Memberships ending within EXPIRING_DAYS; scheduled hourly. */
  expiringMemberships: "notify-expiring-memberships",
} as const;

/** Members hear 3 days ahead that their membership ends ('membership expiring in 3 days'). */
export const EXPIRING_DAYS = 3;
const START_CHECK_DELAY_SECONDS = 60;
const HOURLY = "0 * * * *";

/** Tells the followers of the song's artist of its release; answers how many were told now. */
export async function notifyNewRelease(db: DataSource, notifier: Notifier, songId: string) {
  const release = await releaseOfSong(db, songId);
  if (!release) return 0;
  const followers = await artistFollowerIds(db, release.artistId);
  return notifier.notify(followers.map((userId) => newRelease(userId, release)));
}

/** Tells each member whose membership ends within EXPIRING_DAYS, once per membership period. */
export async function notifyExpiringMemberships(db: DataSource, notifier: Notifier) {
  const rows = await membershipsExpiringWithin(db, EXPIRING_DAYS);
  return notifier.notify(
    rows.map((r) =>
      membershipExpiring(r.user_id, new Date(must(r.expires_at, "an expiring membership has an end"))),
    ),
  );
}

export interface InboxJobs {
  /** Queues the release fan-out for a song that just entered the catalog. */
  songAdded(songId: string): Promise<void>;
}

export async function startInboxJobs(boss: PgBoss, db: DataSource, notifier: Notifier): Promise<InboxJobs> {
  await ensureQueue(boss, INBOX_QUEUES.newRelease, { policy: "standard", retryLimit: 5, retryDelay: 5 });
  // 'stately': at most one check queued and one running across instances.
  await ensureQueue(boss, INBOX_QUEUES.expiringMemberships, { policy: "stately", retryLimit: 3 });
  const releases = queueWorkers<{ songId: string }>(boss, INBOX_QUEUES.newRelease);
  const expiring = queueWorkers<object>(boss, INBOX_QUEUES.expiringMemberships);
  await releases.start(1, async ([job]) => {
    if (job) await notifyNewRelease(db, notifier, job.data.songId);
  });
  await expiring.start(1, async () => {
    await notifyExpiringMemberships(db, notifier);
  });
  await boss.schedule(INBOX_QUEUES.expiringMemberships, HOURLY);
  // And once a minute after start, so a server that was down at the hour does not wait for the next; not at
  // once, so that a server stopped right after it started (a failed start, a test) has no check in flight
  // while its database closes.
  await expiring.send({}, { startAfter: START_CHECK_DELAY_SECONDS });
  return {
    async songAdded(songId) {
      await releases.send({ songId }, { singletonKey: songId });
    },
  };
}
