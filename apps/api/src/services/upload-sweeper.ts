// Uploaded files nobody uses any more go (issue 14): grants never used, and pictures replaced or never
// attached (an old avatar, an old playlist cover), on disk or in the bucket. In process, now and then,
// one instance at a time across instances (a PostgreSQL advisory lock).
import { unlink } from "node:fs/promises";
import path from "node:path";
import type { DataSource, QueryRunner } from "typeorm";
import type { FastifyBaseLogger } from "fastify";
import type { ObjectStorage } from "../storage/object-storage.js";
import { INCOMING_PREFIX } from "./uploads.js";

/**
 * Where a stored picture may be in use, as its /objects/ path. Only pictures are swept once used: an
 * admin's audio upload (kind 'audio') becomes a song's source and stays.
 */
const OBJECT_REFERENCES = [
  { table: "profiles", column: "image_url" },
  { table: "playlists", column: "image_url" },
] as const;

/** The advisory lock key of "sweep uploads" (an arbitrary constant: 'pb_u'). */
const SWEEP_LOCK_KEY = 0x70625f75;
/** At most this many objects per table scan, so that one sweep stays short. */
const SWEEP_BATCH = 500;

export interface SweepResult {
  grants: number;
  objects: number;
}

export interface UploadSweeper {
  /** One sweep; nothing (zeros) when another instance is sweeping. */
  sweepOnce(): Promise<SweepResult>;
  /** Sweeps every `intervalMs` until the returned stop is called. */
  start(intervalMs: number, log: FastifyBaseLogger): () => void;
}

/**
 * `graceSeconds` keeps an object that long after its upload (the client attaches it a moment later, and
 * an address's daily budget still counts it), and an unused grant that long after it expired.
 */
export function createUploadSweeper(
  db: DataSource,
  storage: ObjectStorage,
  graceSeconds: number,
): UploadSweeper {
  async function remove(key: string) {
    if (storage.kind === "s3") return storage.client.delete(key);
    await unlink(path.join(storage.dir, key)).catch((error: NodeJS.ErrnoException) => {
      if (error.code !== "ENOENT") throw error;
    });
  }

  async function sweepUnder(runner: QueryRunner): Promise<SweepResult> {
    const unused = (await runner.query(
      `DELETE FROM uploads WHERE used_at IS NULL AND expires_at < now() - make_interval(secs => $1)
       RETURNING object_key`,
      [graceSeconds],
    )) as [Array<{ object_key: string | null }>, number];
    // S3: the browser may have PUT a file under incoming/ and never used it.
    if (storage.kind === "s3")
      for (const { object_key } of unused[0]) if (object_key) await remove(`${INCOMING_PREFIX}${object_key}`);

    const inUse = OBJECT_REFERENCES.map(
      (r) => `NOT EXISTS (SELECT 1 FROM ${r.table} x WHERE x.${r.column} = '/objects/' || u.object_key)`,
    ).join(" AND ");
    const stale = (await runner.query(
      `SELECT id, object_key FROM uploads u
       WHERE used_at IS NOT NULL AND used_at < now() - make_interval(secs => $1) AND u.kind = 'image'
         AND ${inUse}
       LIMIT ${SWEEP_BATCH}`,
      [graceSeconds],
    )) as Array<{ id: string; object_key: string }>;
    for (const object of stale) {
      // The file first: a row left behind is swept again next time, a file left behind never would be.
      await remove(object.object_key);
      await runner.query(`DELETE FROM uploads WHERE id = $1`, [object.id]);
    }
    return { grants: unused[1], objects: stale.length };
  }

  async function sweepOnce(): Promise<SweepResult> {
    const runner = db.createQueryRunner();
    await runner.connect();
    try {
      const [lock] = (await runner.query(`SELECT pg_try_advisory_lock($1) AS ok`, [
        SWEEP_LOCK_KEY,
      ])) as Array<{
        ok: boolean;
      }>;
      if (!lock?.ok) return { grants: 0, objects: 0 };
      try {
        return await sweepUnder(runner);
      } finally {
        await runner.query(`SELECT pg_advisory_unlock($1)`, [SWEEP_LOCK_KEY]);
      }
    } finally {
      await runner.release();
    }
  }

  return {
    sweepOnce,
    start(intervalMs, log) {
      const timer = setInterval(() => {
        sweepOnce().then(
          (swept) => {
            if (swept.grants || swept.objects) log.info({ swept }, "unused uploads swept");
          },
          (error: unknown) => log.warn({ err: error }, "sweeping unused uploads failed; trying again later"),
        );
      }, intervalMs);
      timer.unref();
      return () => clearInterval(timer);
    },
  };
}
