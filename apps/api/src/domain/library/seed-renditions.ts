// The seed's songs get renditions and loudness like any ingested song. Their clips are content-addressed in
// MEDIA_DIR, so each is encoded and measured once per media folder: a later start (every API test starts
// several servers on fresh databases) only hashes the clips and finds the renditions and loudness stored.
import { createHash } from "node:crypto";
import { mkdtemp, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import type { DataSource } from "typeorm";
import { encodeRenditions, LOW_KBPS, STANDARD_KBPS, type Loudness } from "@purplebeats/media";
import { catalog, writeCatalogMediaInChild, type ClipRequests } from "@purplebeats/seed";
import { applyRenditions } from "../../data/catalog-writes.js";
import {
  diskMediaStore,
  renditionKey,
  sourceCopyKey,
  type MediaStore,
} from "../../infra/storage/media-store.js";
import { must } from "../../data/must.js";

/** The seed's clips are 96 kbps MP3: their own file is the high rendition (re-encoding would add nothing). */
const SEED_KBPS = 96;

export interface SeedRendition {
  contentHash: string;
  standardKey: string;
  highKey: string;
  lowKey: string;
  loudness: Loudness;
}

const loudnessKey = (hash: string) => `renditions/${hash}.loudness.json`;

async function renditionFor(
  mediaDir: string,
  store: MediaStore,
  slug: string,
  work: string,
  signal?: AbortSignal,
): Promise<SeedRendition> {
  const clip = path.join(mediaDir, "audio", `${slug}.mp3`);
  const bytes = await readFile(clip);
  const contentHash = createHash("sha256").update(bytes).digest("hex");
  const standardKey = renditionKey(contentHash, STANDARD_KBPS);
  const highKey = sourceCopyKey(contentHash, "mp3");
  const lowKey = renditionKey(contentHash, LOW_KBPS);
  // Loudness is kept beside the renditions in the local media folder (a cache, not served).
  const local = diskMediaStore(mediaDir);
  const cached = await readFile(path.join(mediaDir, loudnessKey(contentHash)), "utf8").catch(() => null);
  // Encoded once into the local media folder (the cache), then copied to the bucket when media live there.
  // What is missing comes from one FFmpeg run, which decodes the clip once for all of it.
  const missing = async (key: string) =>
    (await local.has(key)) ? undefined : path.join(work, path.basename(key));
  const standard = await missing(standardKey);
  const low = await missing(lowKey);
  const measured = await encodeRenditions(clip, { standard, low, loudness: !cached }, { signal });
  const loudness: Loudness = cached ? (JSON.parse(cached) as Loudness) : must(measured, "asked for loudness");
  if (!cached)
    await local.putBytes(loudnessKey(contentHash), Buffer.from(JSON.stringify(loudness)), "application/json");
  if (standard) await local.putFile(standardKey, standard, "audio/mpeg");
  if (low) await local.putFile(lowKey, low, "audio/mpeg");
  if (store.kind !== "disk") {
    await store.putFile(standardKey, path.join(mediaDir, standardKey), "audio/mpeg");
    await store.putFile(lowKey, path.join(mediaDir, lowKey), "audio/mpeg");
    await store.putFile(highKey, clip, "audio/mpeg");
  } else await local.putFile(highKey, clip, "audio/mpeg");
  return { contentHash, standardKey, highKey, lowKey, loudness };
}

/** Clips read, hashed and (when missing) encoded at once. */
const RENDITIONS_AT_ONCE = 4;

/** Renditions of every seed clip (made when missing), by song slug. */
export async function seedRenditionFiles(
  mediaDir: string,
  store: MediaStore = diskMediaStore(mediaDir),
  signal?: AbortSignal,
): Promise<Map<string, SeedRendition>> {
  const work = await mkdtemp(path.join(tmpdir(), "pb-seed-renditions-"));
  try {
    const renditions = new Map<string, SeedRendition>();
    // A few clips at a time: all 52 read at once held about 20 MB of file buffers at every start.
    for (let from = 0; from < catalog.songs.length; from += RENDITIONS_AT_ONCE) {
      const slice = catalog.songs.slice(from, from + RENDITIONS_AT_ONCE);
      const done = await Promise.all(
        slice.map((song) => renditionFor(mediaDir, store, song.slug, work, signal)),
      );
      slice.forEach((song, i) =>
        renditions.set(song.slug, must(done[i], "Promise.all answers one per song")),
      );
    }
    return renditions;
  } finally {
    await rm(work, { recursive: true, force: true });
  }
}

/**
 * Writes the seed songs' renditions and loudness where they are not written yet: on the seed's own rows
 * (its song id and clip), never on another song that plays the same clip. A content hash belongs to one
 * song (idx_songs_content_hash); the benchmark's million songs share the 52 clips, and matching by clip
 * alone failed the whole write at every start.
 */
export async function applySeedRenditions(
  dataSource: DataSource,
  renditions: Map<string, SeedRendition>,
): Promise<void> {
  const ids = new Map(catalog.songs.map((song) => [song.slug, song.id]));
  const rows = Array.from(renditions, ([slug, r]) => ({
    id: ids.get(slug),
    audio_url: `/media/audio/${slug}.mp3`,
    content_hash: r.contentHash,
    standard_key: r.standardKey,
    high_key: r.highKey,
    low_key: r.lowKey,
    loudness_lufs: r.loudness.integratedLufs,
    true_peak_db: r.loudness.truePeakDb,
  }));
  await applyRenditions(dataSource, rows, { standard: STANDARD_KBPS, high: SEED_KBPS, low: LOW_KBPS });
}

/**
 * The seed's media after its rows: the clips, covers and artist images (synthesised the first time, minutes),
 * then, unless `renditions` is off, the clips' renditions and loudness on their songs. The server runs it
 * once it listens; a seed song asked for meanwhile is synthesised next (`requests`), and the stream waits for it.
 * The synthesis runs in a child process: its render buffers (150-180 MB a song) are given back to the system
 * when it exits, where the server's own process kept them (RSS ~385 MB for its lifetime, budget 250).
 */
export async function storeSeedMedia(
  dataSource: DataSource,
  mediaDir: string,
  store: MediaStore,
  options: { renditions: boolean; signal: AbortSignal; requests?: ClipRequests },
): Promise<void> {
  const { signal } = options;
  await writeCatalogMediaInChild(mediaDir, { signal, requests: options.requests });
  if (!options.renditions) return;
  const files = await seedRenditionFiles(mediaDir, store, signal);
  signal.throwIfAborted();
  await applySeedRenditions(dataSource, files);
}

/** How long a stream waits for a seed clip being synthesised (one takes seconds; 52 take minutes). */
export const SEED_CLIP_WAIT_MS = 30_000;

/**
 * For the stream: given a file that is not there, waits while it is a seed clip still to be written (asking
 * the writer to take it next), at most `SEED_CLIP_WAIT_MS`. Any other file is simply missing.
 */
export function seedClipWaiter(
  mediaDir: string,
  requests: ClipRequests,
  waitMs = SEED_CLIP_WAIT_MS,
): (file: string) => Promise<void> {
  const audioDir = path.resolve(mediaDir, "audio");
  return async (file) => {
    const resolved = path.resolve(file);
    if (path.dirname(resolved) !== audioDir || !resolved.endsWith(".mp3")) return;
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([
      requests.whenWritten(path.basename(resolved, ".mp3")),
      new Promise<void>((resolve) => (timer = setTimeout(resolve, waitMs))),
    ]);
    clearTimeout(timer);
  };
}
