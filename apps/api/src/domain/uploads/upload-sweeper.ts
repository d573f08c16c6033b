// Uploaded files nobody uses any more go: grants never used, and pictures replaced or never
// attached (an old avatar, an old playlist cover), on disk or in the bucket. In process, now and then,
// one instance at a time across instances (a PostgreSQL advisory lock).
import { unlink } from "node:fs/promises";
import path from "node:path";
import type { DataSource, EntityManager } from "typeorm";
import type { FastifyBaseLogger } from "fastify";
import type { ObjectStorage } from "../../infra/storage/object-storage.js";
import { Upload } from "@purplebeats/db";
import { sizedFiles } from "../../infra/storage/sized-art.js";
import { INCOMING_PREFIX } from "./uploads.js";
import {
  advisoryUnlock,
  deleteExpiredGrants,
  tryAdvisoryLock,
  unreferencedPictures,
} from "../../data/upload-sweep.js";

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
  /** Where this instance keeps pictures' sizes (web/http/objects.ts): a swept picture's go with it. */
  sizedDir: string,
): UploadSweeper {
  const unlinkIfThere = (file: string) =>
    unlink(file).catch((error: NodeJS.ErrnoException) => {
      if (error.code !== "ENOENT") throw error;
    });
  async function remove(key: string) {
    if (storage.kind === "s3") return storage.client.delete(key);
    await unlinkIfThere(path.join(storage.dir, key));
  }

  /** `session`: the manager of the one connection that holds the advisory lock. */
  async function sweepUnder(session: EntityManager): Promise<SweepResult> {
    const unused = await deleteExpiredGrants(session, graceSeconds);
    // S3: the browser may have PUT a file under incoming/ and never used it.
    if (storage.kind === "s3")
      for (const { object_key } of unused) if (object_key) await remove(`${INCOMING_PREFIX}${object_key}`);

    const stale = await unreferencedPictures(session, graceSeconds, SWEEP_BATCH);
    for (const object of stale) {
      // The file first: a row left behind is swept again next time, a file left behind never would be.
      await remove(object.object_key);
      await Promise.all(sizedFiles(sizedDir, object.object_key).map(unlinkIfThere));
      await session.delete(Upload, { id: object.id });
    }
    return { grants: unused.length, objects: stale.length };
  }

  async function sweepOnce(): Promise<SweepResult> {
    const runner = db.createQueryRunner();
    await runner.connect();
    try {
      if (!(await tryAdvisoryLock(runner.manager, SWEEP_LOCK_KEY))) return { grants: 0, objects: 0 };
      try {
        return await sweepUnder(runner.manager);
      } finally {
        await advisoryUnlock(runner.manager, SWEEP_LOCK_KEY);
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
