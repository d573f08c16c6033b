// The upload sweeper's statements: a set-based delete of expired grants, the scan for stored pictures
// nothing refers to any more, and the advisory lock that lets one instance sweep at a time.
import type { EntityManager } from "typeorm";
import { changedRows, selectRow, selectRows } from "./sql.js";

/**
 * Where a stored picture may be in use, as its /objects/ path. Only pictures are swept once used: an
 * admin's audio upload (kind 'audio') becomes a song's source and stays.
 */
const OBJECT_REFERENCES = [
  { table: "profiles", column: "image_url" },
  { table: "playlists", column: "image_url" },
] as const;

/** Deletes grants never used and expired more than `graceSeconds` ago; answers their reserved keys. */
export const deleteExpiredGrants = (tx: EntityManager, graceSeconds: number) =>
  changedRows<{ object_key: string | null }>(
    tx,
    `DELETE FROM uploads WHERE used_at IS NULL AND expires_at < now() - make_interval(secs => $1)
     RETURNING object_key`,
    [graceSeconds],
  );

/** At most `limit` pictures stored more than `graceSeconds` ago that no profile or playlist shows. */
export function unreferencedPictures(tx: EntityManager, graceSeconds: number, limit: number) {
  const inUse = OBJECT_REFERENCES.map(
    (r) => `NOT EXISTS (SELECT 1 FROM ${r.table} x WHERE x.${r.column} = '/objects/' || u.object_key)`,
  ).join(" AND ");
  return selectRows<{ id: string; object_key: string }>(
    tx,
    `SELECT id, object_key FROM uploads u
     WHERE used_at IS NOT NULL AND used_at < now() - make_interval(secs => $1) AND u.kind = 'image'
       AND ${inUse}
     LIMIT ${limit}`,
    [graceSeconds],
  );
}

/** pg_try_advisory_lock on this session's connection: true when this instance holds the key now. */
export async function tryAdvisoryLock(tx: EntityManager, key: number) {
  const row = await selectRow<{ ok: boolean }>(tx, `SELECT pg_try_advisory_lock($1) AS ok`, [key]);
  return Boolean(row?.ok);
}

export async function advisoryUnlock(tx: EntityManager, key: number) {
  await tx.query(`SELECT pg_advisory_unlock($1)`, [key]);
}
