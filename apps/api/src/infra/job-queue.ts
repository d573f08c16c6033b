// The job queue, kept in PostgreSQL by pg-boss: jobs survive a restart or a crash and are retried, and
// several API instances share one queue. pg-boss talks through TypeORM's own connections, so it runs the
// same on PGlite (the embedded default, one connection) as on PostgreSQL. Why pg-boss:
// docs/adr/0003-pg-boss-job-queue.md.
import PgBoss from "pg-boss";
import type { DataSource } from "typeorm";

export const QUEUES = {
  /** Renditions and loudness of one song; singleton per content hash. */
  encodeSong: "encode-song",
  /** One walk of MUSIC_DIR; at most one queued and one running across instances. */
  scanLibrary: "scan-library",
  /** The data saver's rendition for songs encoded before it existed; one at a time across instances. */
  backfillLowRenditions: "backfill-low-renditions",
} as const;

/** pg-boss's executeSql over TypeORM: structured results (TypeORM answers [rows, count] for an UPDATE). */
export function typeormExecutor(dataSource: DataSource) {
  return {
    async executeSql(text: string, values: unknown[] = []) {
      const runner = dataSource.createQueryRunner();
      try {
        const result = await runner.query(text, values, true);
        return { rows: result.records as unknown[] };
      } catch (error) {
        // pg-boss sends its installs as one 'BEGIN; ...; COMMIT' text and treats a lost race with another
        // instance as done: the failed text leaves its connection inside an aborted transaction, which the
        // pool would hand to the next query ('current transaction is aborted'). Close it before release.
        await runner.query("ROLLBACK").catch(() => {});
        throw error;
      } finally {
        await runner.release();
      }
    },
  };
}

/**
 * How often an idle worker asks the queue for a job. Jobs this instance sends, and the next job after one
 * finishes, are fetched at once (`queueWorkers`); the poll finds the rest: another instance's jobs, retries
 * once their delay is over, a crashed instance's expired ones. Each poll is a query, on PGlite one that runs
 * on the event loop: at pg-boss's 1 s for each of three workers the idle API used 2-3 % of a core.
 */
export const IDLE_POLL_SECONDS = 5;

/** A queue's workers in this instance, woken when it sends them a job. */
export interface QueueWorkers<T extends object> {
  /** Sends a job (pg-boss's send) and wakes this instance's workers to fetch it. */
  send(data: T, options?: PgBoss.SendOptions): Promise<string | null>;
  /** Starts `count` workers; after each job they look for the next at once, not after the idle poll. */
  start(count: number, handler: PgBoss.WorkHandler<T>): Promise<void>;
}

export function queueWorkers<T extends object>(boss: PgBoss, name: string): QueueWorkers<T> {
  const ids: string[] = [];
  const wake = () => ids.forEach((id) => boss.notifyWorker(id));
  return {
    async send(data, options = {}) {
      const id = await boss.send(name, data, options);
      wake();
      return id;
    },
    async start(count, handler) {
      for (let i = 0; i < count; i++)
        ids.push(
          await boss.work<T>(name, { pollingIntervalSeconds: IDLE_POLL_SECONDS }, async (jobs) => {
            try {
              return await handler(jobs);
            } finally {
              wake(); // a queue being drained: the next job now (a worker that finds none waits the poll)
            }
          }),
        );
    },
  };
}

export interface JobQueue {
  boss: PgBoss;
  stop(): Promise<void>;
}

export async function startJobQueue(
  dataSource: DataSource,
  log: { error(obj: unknown, message: string): void },
): Promise<JobQueue> {
  const boss = await startBoss(dataSource, log).catch((error: unknown) => {
    if (!isLostInstallRace(error)) throw error;
    // The other instance installed it meanwhile: a new client finds it installed (a failed one stays
    // 'starting' and would not start again).
    return startBoss(dataSource, log);
  });
  await ensureQueue(boss, QUEUES.encodeSong, {
    policy: "stately",
    retryLimit: 5,
    retryDelay: 2,
    retryBackoff: true,
    // A crashed instance's job is retried once it expires (a graceful stop fails and retries it at once).
    expireInSeconds: 20 * 60,
  });
  await ensureQueue(boss, QUEUES.backfillLowRenditions, {
    policy: "stately",
    retryLimit: 10,
    retryDelay: 30,
    expireInSeconds: 6 * 3600,
  });
  await ensureQueue(boss, QUEUES.scanLibrary, {
    policy: "stately",
    retryLimit: 10,
    retryDelay: 1,
    expireInSeconds: 6 * 3600,
  });
  return {
    boss,
    // In-flight jobs are failed (and so retried by the next instance) when they do not end in time.
    stop: () => boss.stop({ graceful: true, wait: true, timeout: 2000 }),
  };
}

async function startBoss(dataSource: DataSource, log: { error(obj: unknown, message: string): void }) {
  const boss = new PgBoss({
    db: typeormExecutor(dataSource),
    schema: "pgboss",
    // Finished jobs are kept a day for the admin's report, then archived and deleted by pg-boss.
    archiveCompletedAfterSeconds: 24 * 3600,
  } as PgBoss.ConstructorOptions);
  boss.on("error", (error) => log.error({ err: error }, "job queue error"));
  await boss.start();
  return boss;
}

/**
 * Two instances starting at once on a fresh database both install pg-boss's schema. pg-boss forgives the
 * loser's 'already exists', but not PostgreSQL's other answer to two CREATE SCHEMA at the same instant:
 * a duplicate key in pg_namespace.
 */
export function isLostInstallRace(error: unknown): boolean {
  return error instanceof Error && /pg_namespace_nspname_index|already exists/.test(error.message);
}

/** How long an instance waits for a queue that another instance is making at the same moment. */
const QUEUE_MADE_ELSEWHERE_MS = 10_000;

export async function ensureQueue(boss: PgBoss, name: string, options: Omit<PgBoss.Queue, "name">) {
  if (await boss.getQueue(name)) {
    await boss.updateQueue(name, { name, ...options });
    return;
  }
  // Several instances start at once: creating a queue that another one is making is no error, but pg-boss can
  // return before the other's transaction has committed, and a schedule or a job for the queue is refused
  // ('Queue ... not found') until it has. So the queue is ready only once this instance can read it.
  const refused = await boss.createQueue(name, { name, ...options }).then(
    () => undefined,
    (error: unknown) => error,
  );
  const deadline = Date.now() + QUEUE_MADE_ELSEWHERE_MS;
  while (!(await boss.getQueue(name))) {
    if (Date.now() > deadline)
      throw refused instanceof Error ? refused : new Error(`Queue ${name} was not made in time`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
