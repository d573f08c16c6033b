// Library ingestion's statements: the scan rows admins read (counts, skipped files, state), the song a
// scanned file already is (by path, by content), and the counts of a scan's encode jobs in pg-boss's table.
import type { DataSource } from "typeorm";
import type { LibraryScanDto, SkippedFileDto as SkippedFile } from "@purplebeats/contracts";
import { selectRow, selectRows, type Queryable } from "./sql.js";
import { must } from "./must.js";

/** Starting a scan takes turns across instances, so that two starts make one scan. */
const SCAN_START_LOCK = 0x5042_5343; // 'PBSC'

export interface ScanRow {
  id: string;
  state: LibraryScanDto["state"];
  roots: string[];
  started_at: Date;
  finished_at: Date | null;
  files_found: number;
  files_ingested: number;
  files_unchanged: number;
  files_missing: number;
  skipped: SkippedFile[];
  error: string | null;
}

const SCAN_COLUMNS = `id, state, roots, started_at, finished_at, files_found, files_ingested, files_unchanged,
  files_missing, skipped, error`;

export const scanRowById = (db: DataSource, id: string) =>
  selectRow<ScanRow>(db, `SELECT ${SCAN_COLUMNS} FROM library_scans WHERE id = $1`, [id]);

export const latestScanRow = (db: DataSource) =>
  selectRow<ScanRow>(db, `SELECT ${SCAN_COLUMNS} FROM library_scans ORDER BY started_at DESC LIMIT 1`, []);

/** The running scan, or a new one of `roots`: one transaction, taking turns with other instances. */
export function runningOrNewScan(db: DataSource, roots: readonly string[]): Promise<string> {
  return db.transaction(async (tx) => {
    await tx.query(`SELECT pg_advisory_xact_lock($1)`, [SCAN_START_LOCK]);
    const running = await selectRow<{ id: string }>(
      tx,
      `SELECT id FROM library_scans WHERE state = 'running' ORDER BY started_at DESC LIMIT 1`,
      [],
    );
    if (running) return running.id;
    const [created] = await selectRows<{ id: string }>(
      tx,
      `INSERT INTO library_scans (roots) VALUES ($1::jsonb) RETURNING id`,
      [JSON.stringify(roots)],
    );
    return must(created, "an INSERT ... RETURNING answers its row").id;
  });
}

/** A scan's encode jobs by pg-boss state (created, retry, active, completed, failed, cancelled). */
export const encodeJobStates = (db: DataSource, queue: string, scanId: string) =>
  selectRows<{ state: string; n: number }>(
    db,
    `SELECT state, count(*)::int AS n FROM pgboss.job WHERE name = $1 AND data->>'scanId' = $2 GROUP BY state`,
    [queue, scanId],
  );

export async function appendSkippedFile(db: Queryable, scanId: string, skipped: SkippedFile): Promise<void> {
  await db.query(`UPDATE library_scans SET skipped = skipped || jsonb_build_array($2::jsonb) WHERE id = $1`, [
    scanId,
    JSON.stringify(skipped),
  ]);
}

/** A scan starts (or starts again after a restart) from zero. */
export async function resetScan(db: DataSource, scanId: string): Promise<void> {
  await db.query(
    `UPDATE library_scans SET state = 'running', files_found = 0, files_ingested = 0, files_unchanged = 0,
       files_missing = 0, skipped = '[]', error = NULL, finished_at = NULL WHERE id = $1`,
    [scanId],
  );
}

export interface ScanCounts {
  found: number;
  ingested: number;
  unchanged: number;
}

export async function writeScanCounts(db: DataSource, scanId: string, counts: ScanCounts): Promise<void> {
  await db.query(
    `UPDATE library_scans SET files_found = $2, files_ingested = $3, files_unchanged = $4 WHERE id = $1`,
    [scanId, counts.found, counts.ingested, counts.unchanged],
  );
}

export async function finishScan(db: DataSource, scanId: string, missing: number): Promise<void> {
  await db.query(
    `UPDATE library_scans SET state = 'finished', finished_at = now(), files_missing = $2 WHERE id = $1`,
    [scanId, missing],
  );
}

export async function failScan(db: DataSource, scanId: string, error: string): Promise<void> {
  await db.query(`UPDATE library_scans SET state = 'failed', finished_at = now(), error = $2 WHERE id = $1`, [
    scanId,
    error,
  ]);
}

/** What the scan job needs to know of its scan. */
export const scanJobState = (db: DataSource, scanId: string) =>
  selectRow<{ roots: string[]; state: string }>(db, `SELECT roots, state FROM library_scans WHERE id = $1`, [
    scanId,
  ]);

/** The song at a file's path (the oldest, should two claim it), with the music it last held. */
export const songAtPath = (db: DataSource, source: string) =>
  selectRow<{ id: string; content_hash: string | null }>(
    db,
    `SELECT id, content_hash FROM songs WHERE source = $1 ORDER BY created_at LIMIT 1`,
    [source],
  );

/** bigint columns: node-postgres answers them as text. */
export interface ScannedSongRow {
  id: string;
  source_size: string;
  source_mtime_ms: string;
  unavailable: boolean;
}

/** What a scan compares with the file on disk to skip an unchanged one. */
export const scannedSongAtPath = (db: DataSource, source: string) =>
  selectRow<ScannedSongRow>(
    db,
    `SELECT id, source_size, source_mtime_ms, unavailable FROM songs WHERE source = $1 LIMIT 1`,
    [source],
  );

/** Songs with a file still in the catalog, for finding those whose file has gone. */
export const songsWithFiles = (db: DataSource) =>
  selectRows<{ id: string; source: string }>(
    db,
    `SELECT id, source FROM songs WHERE source IS NOT NULL AND NOT unavailable`,
    [],
  );

/** The song follows its file (moved, touched, or found again) and is back in the catalog. */
export async function moveSongToFile(
  db: DataSource,
  songId: string,
  file: { source: string; size: number; mtimeMs: number },
): Promise<void> {
  await db.query(
    `UPDATE songs SET source = $2, source_size = $3, source_mtime_ms = $4, unavailable = false WHERE id = $1`,
    [songId, file.source, file.size, Math.trunc(file.mtimeMs)],
  );
}

/** The file now holds another song's music: this song loses it and leaves the catalog. */
export async function detachSongFromFile(db: DataSource, songId: string): Promise<void> {
  await db.query(`UPDATE songs SET source = NULL, unavailable = true WHERE id = $1`, [songId]);
}

export async function markSongsAvailable(db: DataSource, songIds: readonly string[]): Promise<void> {
  await db.query(`UPDATE songs SET unavailable = false WHERE id = ANY($1::uuid[])`, [songIds]);
}

export async function markSongsUnavailable(db: DataSource, songIds: readonly string[]): Promise<void> {
  await db.query(`UPDATE songs SET unavailable = true WHERE id = ANY($1::uuid[])`, [songIds]);
}
