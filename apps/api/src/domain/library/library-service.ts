// The ingestion pipeline's one entry point for both ways in (MUSIC_DIR scans and admin uploads): takes a
// TrackDescription in, stores its picture, and queues its encoding (pg-boss); runs library scans as queue
// jobs so that one scan runs at a time across instances and a restart resumes it.
import path from "node:path";
import type { DataSource } from "typeorm";
import type PgBoss from "pg-boss";
import type { LibraryScanDto } from "@purplebeats/contracts";
import { ffmpegSlots } from "@purplebeats/media";
import { createHash } from "node:crypto";
import { pictureKey, type MediaStore } from "../../infra/storage/media-store.js";
import { encodeSong, type EncodeSongJob } from "./encode-song.js";
import { QUEUES, startJobQueue, type JobQueue } from "../../infra/job-queue.js";
import type { LibraryReader } from "./reader.js";
import type { SkippedFile, TrackDescription } from "./track.js";

export type IngestOutcome = { state: "existing"; songId: string } | { state: "queued" };

/** A scan's report, as admins read it. */
export type ScanReport = LibraryScanDto;

export interface LibraryService {
  ingestTrack(track: TrackDescription, scanId?: string | null): Promise<IngestOutcome>;
  /** Starts a scan of `roots`, or answers the one already running (a scan while one runs joins it). */
  startScan(roots: readonly string[]): Promise<ScanReport>;
  scanReport(id: string): Promise<ScanReport | null>;
  latestScan(): Promise<ScanReport | null>;
  stop(): Promise<void>;
}

export interface LibraryOptions {
  dataSource: DataSource;
  store: MediaStore;
  reader: LibraryReader;
  log: { info(obj: unknown, message?: string): void; error(obj: unknown, message?: string): void };
  /** Called after songs enter or leave the catalog (caches drop what they hold). */
  onCatalogChanged(): void;
  /** Where FFmpeg reads a song's source (a bucket object is fetched to a temp file); the path itself by default. */
  localSource?: (source: string, workDir: string) => Promise<string>;
}

/** Starting a scan takes turns across instances, so that two starts make one scan. */
const SCAN_START_LOCK = 0x5042_5343; // 'PBSC'
/** How often a running scan writes its counts (files), for the admin's report. */
const FLUSH_EVERY = 25;

interface ScanRow {
  id: string;
  state: ScanReport["state"];
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

const isUnder = (file: string, roots: readonly string[]) =>
  roots.some((root) => file.startsWith(path.resolve(root) + path.sep));

export async function startLibrary(options: LibraryOptions): Promise<LibraryService> {
  const { dataSource, store, reader, log } = options;
  const queue: JobQueue = await startJobQueue(dataSource, log);
  const { boss } = queue;
  // Aborted on stop: running encodes and scans end, fail, and are retried by the next instance.
  const stopping = new AbortController();

  async function appendSkipped(scanId: string, skipped: SkippedFile) {
    await dataSource.query(
      `UPDATE library_scans SET skipped = skipped || jsonb_build_array($2::jsonb) WHERE id = $1`,
      [scanId, JSON.stringify(skipped)],
    );
  }

  async function ingestTrack(track: TrackDescription, scanId: string | null = null): Promise<IngestOutcome> {
    // The file's path first: a file edited in place (retagged, re-encoded) is the same song, so likes and
    // playlist entries keep pointing at it; then its content: the same music moved or copied.
    const [atPath] = (await dataSource.query(
      `SELECT id, content_hash FROM songs WHERE source = $1 ORDER BY created_at LIMIT 1`,
      [track.source],
    )) as Array<{ id: string; content_hash: string | null }>;
    const [sameMusic] = (await dataSource.query(`SELECT id FROM songs WHERE content_hash = $1`, [
      track.contentHash,
    ])) as Array<{ id: string }>;
    const existing = atPath && atPath.content_hash === track.contentHash ? atPath : sameMusic;
    if (existing && atPath && existing.id !== atPath.id) {
      // The file now holds music another song already has: that song takes the file; the old one is gone.
      await dataSource.query(`UPDATE songs SET source = NULL, unavailable = true WHERE id = $1`, [atPath.id]);
      options.onCatalogChanged();
    }
    if (existing) {
      // The same music (moved, touched, or found again): the song follows its file, never a second row.
      await dataSource.query(
        `UPDATE songs SET source = $2, source_size = $3, source_mtime_ms = $4, unavailable = false WHERE id = $1`,
        [existing.id, track.source, track.size, Math.trunc(track.mtimeMs)],
      );
      return { state: "existing", songId: existing.id };
    }
    let pictureUrl: string | null = null;
    if (track.picture) {
      const key = pictureKey(
        createHash("sha256").update(track.picture.data).digest("hex"),
        track.picture.mime,
      );
      await store.putBytes(key, track.picture.data, track.picture.mime);
      pictureUrl = store.publicUrl(key);
    }
    const { picture: _picture, lyrics, ...rest } = track;
    const job: EncodeSongJob = {
      track: rest,
      lyrics,
      pictureUrl,
      scanId,
      replacesSongId: atPath?.id ?? null,
    };
    // One queued job per content hash: a second scan or upload of the same music joins it.
    await boss.send(QUEUES.encodeSong, job, { singletonKey: track.contentHash });
    return { state: "queued" };
  }

  async function runScan(scanId: string, roots: string[]) {
    const signal = stopping.signal;
    await dataSource.query(
      `UPDATE library_scans SET state = 'running', files_found = 0, files_ingested = 0, files_unchanged = 0,
         files_missing = 0, skipped = '[]', error = NULL, finished_at = NULL WHERE id = $1`,
      [scanId],
    );
    const counts = { found: 0, ingested: 0, unchanged: 0 };
    const flush = () =>
      dataSource.query(
        `UPDATE library_scans SET files_found = $2, files_ingested = $3, files_unchanged = $4 WHERE id = $1`,
        [scanId, counts.found, counts.ingested, counts.unchanged],
      );
    const seen = new Set<string>();
    for await (const entry of reader.findAudioFiles(roots)) {
      signal.throwIfAborted();
      if (!entry.ok) {
        await appendSkipped(scanId, entry.skipped);
        continue;
      }
      const file = entry.file;
      counts.found++;
      seen.add(file.path);
      const [song] = (await dataSource.query(
        `SELECT id, source_size, source_mtime_ms, unavailable FROM songs WHERE source = $1 LIMIT 1`,
        [file.path],
      )) as Array<{ id: string; source_size: string; source_mtime_ms: string; unavailable: boolean }>;
      if (
        song &&
        Number(song.source_size) === file.size &&
        Number(song.source_mtime_ms) === Math.trunc(file.mtimeMs)
      ) {
        counts.unchanged++;
        if (song.unavailable)
          await dataSource.query(`UPDATE songs SET unavailable = false WHERE id = $1`, [song.id]);
      } else {
        const read = await reader.readTrack(file);
        if (!read.ok) await appendSkipped(scanId, read.skipped);
        else if ((await ingestTrack(read.track, scanId)).state === "existing") counts.unchanged++;
        else counts.ingested++;
      }
      if (counts.found % FLUSH_EVERY === 0) await flush();
    }
    // Files gone from the roots: their songs leave the catalog but stay in likes and playlists.
    const known = (await dataSource.query(
      `SELECT id, source FROM songs WHERE source IS NOT NULL AND NOT unavailable`,
    )) as Array<{ id: string; source: string }>;
    const missing = known
      .filter((song) => isUnder(song.source, roots) && !seen.has(song.source))
      .map((s) => s.id);
    if (missing.length > 0) {
      await dataSource.query(`UPDATE songs SET unavailable = true WHERE id = ANY($1::uuid[])`, [missing]);
      options.onCatalogChanged();
    }
    await flush();
    await dataSource.query(
      `UPDATE library_scans SET state = 'finished', finished_at = now(), files_missing = $2 WHERE id = $1`,
      [scanId, missing.length],
    );
    log.info({ scanId, ...counts, missing: missing.length }, "library scan finished");
  }

  async function report(row: ScanRow): Promise<ScanReport> {
    const states = (await dataSource.query(
      `SELECT state, count(*)::int AS n FROM pgboss.job WHERE name = $1 AND data->>'scanId' = $2 GROUP BY state`,
      [QUEUES.encodeSong, row.id],
    )) as Array<{ state: string; n: number }>;
    const count = (...names: string[]) =>
      states.filter((s) => names.includes(s.state)).reduce((sum, s) => sum + Number(s.n), 0);
    return {
      id: row.id,
      state: row.state,
      roots: row.roots,
      startedAt: new Date(row.started_at).toISOString(),
      finishedAt: row.finished_at ? new Date(row.finished_at).toISOString() : null,
      counts: {
        found: row.files_found,
        ingested: row.files_ingested,
        unchanged: row.files_unchanged,
        missing: row.files_missing,
        skipped: row.skipped.length,
      },
      skipped: row.skipped,
      encode: {
        queued: count("created", "retry"),
        active: count("active"),
        completed: count("completed"),
        failed: count("failed", "cancelled"),
      },
      error: row.error,
    };
  }

  async function scanReport(id: string) {
    const [row] = (await dataSource.query(`SELECT ${SCAN_COLUMNS} FROM library_scans WHERE id = $1`, [
      id,
    ])) as ScanRow[];
    return row ? report(row) : null;
  }

  // Encoding: one worker per core (FFmpeg's own pool bounds the processes of this instance the same way).
  const encodeWorker = async ([job]: Array<PgBoss.Job<EncodeSongJob>>) => {
    if (!job) return;
    const outcome = await encodeSong(dataSource, store, job.data, stopping.signal, options.localSource);
    if (outcome.failure && job.data.scanId)
      await appendSkipped(job.data.scanId, { source: job.data.track.source, reason: outcome.failure });
    if (outcome.songId) options.onCatalogChanged();
  };
  for (let i = 0; i < ffmpegSlots(); i++)
    await boss.work<EncodeSongJob>(QUEUES.encodeSong, { pollingIntervalSeconds: 1 }, encodeWorker);

  await boss.work<{ scanId: string }>(QUEUES.scanLibrary, { pollingIntervalSeconds: 1 }, async ([job]) => {
    if (!job) return;
    const [row] = (await dataSource.query(`SELECT roots, state FROM library_scans WHERE id = $1`, [
      job.data.scanId,
    ])) as Array<{ roots: string[]; state: string }>;
    // A scan joined while it ran queues a second job for it, which finds it done.
    if (!row || row.state !== "running") return;
    try {
      await runScan(job.data.scanId, row.roots);
    } catch (error) {
      if (!stopping.signal.aborted) {
        await dataSource.query(
          `UPDATE library_scans SET state = 'failed', finished_at = now(), error = $2 WHERE id = $1`,
          [job.data.scanId, (error as Error).message],
        );
        log.error({ err: error, scanId: job.data.scanId }, "library scan failed");
        return;
      }
      // Stopping: the job fails and the next instance runs the scan again (unchanged files go fast).
      throw error;
    }
  });

  return {
    ingestTrack,
    scanReport,
    async startScan(roots) {
      const resolved = roots.map((root) => path.resolve(root));
      const id = await dataSource.transaction(async (tx) => {
        await tx.query(`SELECT pg_advisory_xact_lock($1)`, [SCAN_START_LOCK]);
        const [running] = (await tx.query(
          `SELECT id FROM library_scans WHERE state = 'running' ORDER BY started_at DESC LIMIT 1`,
        )) as Array<{ id: string }>;
        if (running) return running.id;
        const [created] = (await tx.query(
          `INSERT INTO library_scans (roots) VALUES ($1::jsonb) RETURNING id`,
          [JSON.stringify(resolved)],
        )) as Array<{ id: string }>;
        return created!.id;
      });
      await boss.send(QUEUES.scanLibrary, { scanId: id }, { singletonKey: id });
      return (await scanReport(id))!;
    },
    async latestScan() {
      const [row] = (await dataSource.query(
        `SELECT ${SCAN_COLUMNS} FROM library_scans ORDER BY started_at DESC LIMIT 1`,
      )) as ScanRow[];
      return row ? report(row) : null;
    },
    async stop() {
      stopping.abort();
      await queue.stop();
    },
  };
}
