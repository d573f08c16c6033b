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
import type { ReleaseTarget } from "./catalog-writer.js";
import { backfillLowRenditions } from "./backfill-low.js";
import { QUEUES, queueWorkers, startJobQueue, type JobQueue } from "../../infra/job-queue.js";
import type { LibraryReader } from "./reader.js";
import type { SkippedFile, TrackDescription } from "./track.js";
import { songIdByContentHash } from "../../data/catalog-writes.js";
import {
  appendSkippedFile,
  detachSongFromFile,
  encodeJobStates,
  failScan,
  finishScan,
  latestScanRow,
  markSongsAvailable,
  markSongsUnavailable,
  moveSongToFile,
  resetScan,
  runningOrNewScan,
  scanRowById,
  scanJobState,
  scannedSongAtPath,
  songAtPath,
  songsWithFiles,
  writeScanCounts,
  type ScanCounts,
  type ScanRow,
} from "../../data/library-scans.js";
import { must } from "../../data/must.js";

export type IngestOutcome = { state: "existing"; songId: string } | { state: "queued" };

/** A scan's report, as admins read it. */
export type ScanReport = LibraryScanDto;

export interface LibraryService {
  ingestTrack(track: TrackDescription, scanId?: string | null): Promise<IngestOutcome>;
  /**
   * Queues a new recording of an artist's release (its music checked new to the catalog by the caller):
   * never matched to a song already there, written under the release's artist and album.
   */
  ingestReleaseTrack(track: TrackDescription, release: ReleaseTarget): Promise<void>;
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
  /** Starts other work on the same queue once it runs (the inbox's jobs). */
  withQueue?: (boss: PgBoss) => Promise<void>;
  /** Called after a new song entered the catalog (not one found again or edited in place). */
  onSongAdded?: (songId: string) => Promise<void> | undefined;
}

/** How often a running scan writes its counts (files), for the admin's report. */
const FLUSH_EVERY = 25;

const isUnder = (file: string, roots: readonly string[]) =>
  roots.some((root) => file.startsWith(path.resolve(root) + path.sep));

export async function startLibrary(options: LibraryOptions): Promise<LibraryService> {
  const { dataSource, store, reader, log } = options;
  const queue: JobQueue = await startJobQueue(dataSource, log);
  const encoders = queueWorkers<EncodeSongJob>(queue.boss, QUEUES.encodeSong);
  const scanners = queueWorkers<{ scanId: string }>(queue.boss, QUEUES.scanLibrary);
  // Aborted on stop: running encodes and scans end, fail, and are retried by the next instance.
  const stopping = new AbortController();

  const appendSkipped = (scanId: string, skipped: SkippedFile) =>
    appendSkippedFile(dataSource, scanId, skipped);

  async function ingestTrack(track: TrackDescription, scanId: string | null = null): Promise<IngestOutcome> {
    // The file's path first: a file edited in place (retagged, re-encoded) is the same song, so likes and
    // playlist entries keep pointing at it; then its content: the same music moved or copied.
    const atPath = await songAtPath(dataSource, track.source);
    const sameMusic = await songIdByContentHash(dataSource, track.contentHash);
    const existing = atPath && atPath.content_hash === track.contentHash ? atPath : sameMusic;
    if (existing && atPath && existing.id !== atPath.id) {
      // The file now holds music another song already has: that song takes the file; the old one is gone.
      await detachSongFromFile(dataSource, atPath.id);
      options.onCatalogChanged();
    }
    if (existing) {
      // The same music (moved, touched, or found again): the song follows its file, never a second row.
      await moveSongToFile(dataSource, existing.id, track);
      return { state: "existing", songId: existing.id };
    }
    await queueEncode(track, { scanId, replacesSongId: atPath?.id ?? null });
    return { state: "queued" };
  }

  async function queueEncode(
    track: TrackDescription,
    about: Pick<EncodeSongJob, "scanId" | "replacesSongId" | "release">,
  ) {
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
    const job: EncodeSongJob = { track: rest, lyrics, pictureUrl, ...about };
    // One queued job per content hash: a second scan or upload of the same music joins it.
    await encoders.send(job, { singletonKey: track.contentHash });
  }

  async function runScan(scanId: string, roots: string[]) {
    const signal = stopping.signal;
    await resetScan(dataSource, scanId);
    const counts: ScanCounts = { found: 0, ingested: 0, unchanged: 0 };
    const flush = () => writeScanCounts(dataSource, scanId, counts);
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
      const song = await scannedSongAtPath(dataSource, file.path);
      if (
        song &&
        Number(song.source_size) === file.size &&
        Number(song.source_mtime_ms) === Math.trunc(file.mtimeMs)
      ) {
        counts.unchanged++;
        if (song.unavailable) await markSongsAvailable(dataSource, [song.id]);
      } else {
        const read = await reader.readTrack(file);
        if (!read.ok) await appendSkipped(scanId, read.skipped);
        else if ((await ingestTrack(read.track, scanId)).state === "existing") counts.unchanged++;
        else counts.ingested++;
      }
      if (counts.found % FLUSH_EVERY === 0) await flush();
    }
    // Files gone from the roots: their songs leave the catalog but stay in likes and playlists.
    const known = await songsWithFiles(dataSource);
    const missing = known
      .filter((song) => isUnder(song.source, roots) && !seen.has(song.source))
      .map((s) => s.id);
    if (missing.length > 0) {
      await markSongsUnavailable(dataSource, missing);
      options.onCatalogChanged();
    }
    await flush();
    await finishScan(dataSource, scanId, missing.length);
    log.info({ scanId, ...counts, missing: missing.length }, "library scan finished");
  }

  async function report(row: ScanRow): Promise<ScanReport> {
    const states = await encodeJobStates(dataSource, QUEUES.encodeSong, row.id);
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
    const row = await scanRowById(dataSource, id);
    return row ? report(row) : null;
  }

  // Encoding: one worker per core (FFmpeg's own pool bounds the processes of this instance the same way).
  const encodeWorker = async ([job]: Array<PgBoss.Job<EncodeSongJob>>) => {
    if (!job) return;
    const outcome = await encodeSong(dataSource, store, job.data, stopping.signal, options.localSource);
    if (outcome.failure && job.data.scanId)
      await appendSkipped(job.data.scanId, { source: job.data.track.source, reason: outcome.failure });
    if (outcome.songId) options.onCatalogChanged();
    if (outcome.songId && outcome.isNew) await options.onSongAdded?.(outcome.songId);
  };
  await encoders.start(ffmpegSlots(), encodeWorker);
  const backfill = queueWorkers<{ kind: "low" }>(queue.boss, QUEUES.backfillLowRenditions);
  await backfill.start(1, async ([job]) => {
    if (!job) return;
    const made = await backfillLowRenditions(dataSource, store, log, stopping.signal);
    if (made > 0) log.info({ songs: made }, "low renditions made");
  });
  await backfill.send({ kind: "low" }, { singletonKey: "low" });
  await options.withQueue?.(queue.boss);

  await scanners.start(1, async ([job]) => {
    if (!job) return;
    const row = await scanJobState(dataSource, job.data.scanId);
    // A scan joined while it ran queues a second job for it, which finds it done.
    if (!row || row.state !== "running") return;
    try {
      await runScan(job.data.scanId, row.roots);
    } catch (error) {
      if (!stopping.signal.aborted) {
        await failScan(dataSource, job.data.scanId, (error as Error).message);
        log.error({ err: error, scanId: job.data.scanId }, "library scan failed");
        return;
      }
      // Stopping: the job fails and the next instance runs the scan again (unchanged files go fast).
      throw error;
    }
  });

  return {
    ingestTrack,
    async ingestReleaseTrack(track, release) {
      await queueEncode(track, { scanId: null, replacesSongId: null, release });
    },
    scanReport,
    async startScan(roots) {
      const resolved = roots.map((root) => path.resolve(root));
      const id = await runningOrNewScan(dataSource, resolved);
      await scanners.send({ scanId: id }, { singletonKey: id });
      return must(await scanReport(id), "the scan was just recorded");
    },
    async latestScan() {
      const row = await latestScanRow(dataSource);
      return row ? report(row) : null;
    },
    async stop() {
      stopping.abort();
      await queue.stop();
    },
  };
}
