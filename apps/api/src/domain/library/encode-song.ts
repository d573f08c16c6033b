// The `encode-song` job: renditions and loudness of one source file, stored content-addressed, then the song
// written into the catalog in one transaction. Retried by the queue after a restart or a crash; a second
// run finds the renditions already stored and the song already written.
import { mkdtemp, rm, stat } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import type { DataSource } from "typeorm";
import {
  encodeLowMp3,
  encodeMp3,
  FfmpegError,
  HIGH_KBPS,
  LOW_KBPS,
  measureLoudness,
  sourceServesAsHigh,
  STANDARD_KBPS,
} from "@purplebeats/media";
import {
  AUDIO_CONTENT_TYPES,
  renditionKey,
  sourceCopyKey,
  type MediaStore,
} from "../../infra/storage/media-store.js";
import { writeProcessedTrack, type ReleaseTarget } from "./catalog-writer.js";
import { NOT_REGULAR } from "./confined-files.js";
import { songIdByContentHash } from "../../data/catalog-writes.js";
import type { Lyrics, TrackDescription } from "./track.js";

export interface EncodeSongJob {
  track: Omit<TrackDescription, "picture" | "lyrics">;
  lyrics: Lyrics | null;
  pictureUrl: string | null;
  /** The scan that found the file: a file FFmpeg cannot decode is reported there. */
  scanId: string | null;
  /** The song whose file this is, edited in place: it is updated rather than a second song made. */
  replacesSongId?: string | null;
  /** An artist's release the song goes into (held for review), instead of the artist and album of its tags. */
  release?: ReleaseTarget | null;
}

export interface EncodeOutcome {
  songId: string | null;
  /** The song is new to the catalog: neither music it had already nor a file edited in place. */
  isNew: boolean;
  /** Why the file cannot become a song (FFmpeg could not decode it); not worth a retry. */
  failure: string | null;
}

export async function encodeSong(
  dataSource: DataSource,
  store: MediaStore,
  job: EncodeSongJob,
  signal?: AbortSignal,
  /** Where FFmpeg reads the source: the file itself, or a copy of a bucket object fetched into the work folder. */
  localSource: (source: string, workDir: string) => Promise<string> = async (source) => source,
): Promise<EncodeOutcome> {
  const { track } = job;
  const existing = await songIdByContentHash(dataSource, track.contentHash);
  if (existing) return { songId: existing.id, isNew: false, failure: null };

  const work = await mkdtemp(path.join(tmpdir(), "pb-encode-"));
  try {
    const input = await localSource(track.source, work);
    // The file was checked when read; one swapped for a FIFO since would hold FFmpeg (and this worker) forever.
    if (!(await stat(input)).isFile()) return { songId: null, isNew: false, failure: NOT_REGULAR };
    const standardKey = renditionKey(track.contentHash, STANDARD_KBPS);
    const lowKey = renditionKey(track.contentHash, LOW_KBPS);
    const useSource = sourceServesAsHigh(track);
    const highKey = useSource
      ? sourceCopyKey(track.contentHash, track.format)
      : renditionKey(track.contentHash, HIGH_KBPS);
    const [loudness] = await Promise.all([
      measureLoudness(input, { signal }),
      storeRendition(store, standardKey, work, (out) => encodeMp3(input, out, STANDARD_KBPS, { signal })),
      storeRendition(store, lowKey, work, (out) => encodeLowMp3(input, out, { signal })),
      useSource
        ? store.putFile(highKey, input, AUDIO_CONTENT_TYPES[track.format] ?? "application/octet-stream")
        : storeRendition(store, highKey, work, (out) => encodeMp3(input, out, HIGH_KBPS, { signal })),
    ]);
    const songId = await dataSource.transaction((tx) =>
      writeProcessedTrack(tx, {
        track,
        lyrics: job.lyrics,
        pictureUrl: job.pictureUrl,
        replacesSongId: job.replacesSongId ?? null,
        release: job.release ?? null,
        standard: { key: standardKey, kbps: STANDARD_KBPS },
        high: { key: highKey, kbps: useSource ? (track.bitrateKbps ?? HIGH_KBPS) : HIGH_KBPS },
        low: { key: lowKey, kbps: LOW_KBPS },
        loudness,
      }),
    );
    return { songId, isNew: !job.replacesSongId, failure: null };
  } catch (error) {
    if (error instanceof FfmpegError && !signal?.aborted) {
      return { songId: null, isNew: false, failure: `Cannot decode the audio: ${error.message}` };
    }
    throw error;
  } finally {
    await rm(work, { recursive: true, force: true });
  }
}

/** Encodes into the work folder and stores the result, unless the content-addressed key is already stored. */
async function storeRendition(
  store: MediaStore,
  key: string,
  work: string,
  encode: (output: string) => Promise<void>,
): Promise<void> {
  if (await store.has(key)) return;
  const output = path.join(work, path.basename(key));
  await encode(output);
  await store.putFile(key, output, "audio/mpeg");
}
