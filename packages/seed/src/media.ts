// Writes the catalog's media files: MP3s under audio/, WebP covers and artist images (drawn as SVG). A
// manifest.json remembers each file's content hash and what produced it, so a second run only
// reads and hashes files, and a new generator version regenerates them.
import { mkdir, readFile, rename, writeFile } from "node:fs/promises";
import path from "node:path";
import { AUDIO_GENERATOR_VERSION, MP3_KBPS, durationSeconds, type SongAudio } from "./audio/index.js";
import { generateSongs } from "./audio/pool.js";
import { planSong, type SongAudioInput } from "./audio/plan.js";
import type { Catalog } from "./catalog-model.js";
import { sha256Hex } from "./ids.js";
import { albumCoverSvg, artistImageSvg, playlistCoverSvg } from "./images.js";
import { ARTWORK_RASTER_VERSION, rasterizeArtwork } from "./artwork-raster.js";
import type { ClipRequests } from "./clip-requests.js";

export const MANIFEST_FILE = "manifest.json";

interface ManifestEntry {
  /** Hash of what the file is made from (generator version and inputs). */
  source: string;
  /** Hash of the file's bytes. */
  sha256: string;
  /** Audio only: PCM samples encoded. */
  sampleCount?: number;
}
interface Manifest {
  /** For people reading the file; the per-file `source` hash is what decides regeneration. */
  audioGeneratorVersion: number;
  files: Record<string, ManifestEntry>;
}

export interface MediaOptions {
  log?: (message: string) => void;
  /** Worker threads for audio; see generateSongs. */
  workers?: number;
  /** Stops generating audio (a server shutting down); see generateSongs. */
  signal?: AbortSignal;
  /** Songs a listener waits for: synthesised first, each announced once written. */
  requests?: ClipRequests;
}

export interface MediaReport {
  /** Files created or replaced by this run. */
  written: number;
  /** Song slug → whole seconds of audio. */
  durations: Map<string, number>;
}

async function readManifest(mediaDir: string): Promise<Manifest> {
  try {
    const parsed = JSON.parse(
      await readFile(path.join(mediaDir, MANIFEST_FILE), "utf8"),
    ) as Partial<Manifest>;
    return { audioGeneratorVersion: parsed.audioGeneratorVersion ?? 0, files: parsed.files ?? {} };
  } catch {
    return { audioGeneratorVersion: 0, files: {} };
  }
}

/** Write-then-rename, so a crash never leaves half a file that looks finished. */
async function writeAtomically(file: string, data: string | Uint8Array): Promise<void> {
  await mkdir(path.dirname(file), { recursive: true });
  const temporary = `${file}.${process.pid}.tmp`;
  await writeFile(temporary, data);
  await rename(temporary, file);
}

async function fileHash(file: string): Promise<string | null> {
  try {
    return sha256Hex(await readFile(file));
  } catch {
    return null;
  }
}

export const audioSourceKey = (input: SongAudioInput): string =>
  sha256Hex(JSON.stringify({ generator: AUDIO_GENERATOR_VERSION, kbps: MP3_KBPS, ...input }));

export function catalogImages(catalog: Catalog): Array<{ file: string; svg: string }> {
  return [
    ...catalog.albums.map((album) => ({
      file: `covers/${album.slug}.webp`,
      svg: albumCoverSvg(album.title, album.artistName),
    })),
    ...catalog.playlists.map((playlist) => ({
      file: `covers/${playlist.id}.webp`,
      svg: playlistCoverSvg(playlist.name),
    })),
    ...catalog.artists.map((artist) => ({
      file: `artists/${artist.slug}.webp`,
      svg: artistImageSvg(artist.name),
    })),
  ];
}

export const songAudioInput = (song: {
  slug: string;
  genre: SongAudioInput["genre"];
  beatsPerBar: 3 | 4;
}): SongAudioInput => ({
  slug: song.slug,
  genre: song.genre,
  beatsPerBar: song.beatsPerBar,
});

/** Song slug → whole seconds, from each song's plan: what its audio lasts, known before it is synthesised. */
export const plannedDurations = (catalog: Catalog): Map<string, number> =>
  new Map(
    catalog.songs.map((song) => [song.slug, durationSeconds(planSong(songAudioInput(song)).totalSamples)]),
  );

export async function writeCatalogMedia(
  mediaDir: string,
  catalog: Catalog,
  options: MediaOptions = {},
): Promise<MediaReport> {
  try {
    return await writeMedia(mediaDir, catalog, options);
  } finally {
    options.requests?.end();
  }
}

async function writeMedia(mediaDir: string, catalog: Catalog, options: MediaOptions): Promise<MediaReport> {
  const log = options.log ?? (() => {});
  const previous = await readManifest(mediaDir);
  const manifest: Manifest = { audioGeneratorVersion: AUDIO_GENERATOR_VERSION, files: {} };
  const durations = new Map<string, number>();
  let written = 0;

  for (const image of catalogImages(catalog)) {
    const target = path.join(mediaDir, image.file);
    const source = sha256Hex(`${ARTWORK_RASTER_VERSION}\n${image.svg}`);
    const known = previous.files[image.file];
    if (known?.source === source && (await fileHash(target)) === known.sha256) {
      manifest.files[image.file] = known;
      continue;
    }
    const webp = await rasterizeArtwork(image.svg);
    await writeAtomically(target, webp);
    manifest.files[image.file] = { source, sha256: sha256Hex(webp) };
    written++;
  }

  const missing: SongAudioInput[] = [];
  for (const song of catalog.songs) {
    const input = songAudioInput(song);
    const file = `audio/${song.slug}.mp3`;
    const known = previous.files[file];
    const sampleCount = known?.sampleCount;
    const fresh =
      known?.source === audioSourceKey(input) &&
      sampleCount !== undefined &&
      (await fileHash(path.join(mediaDir, file))) === known.sha256;
    if (fresh) {
      manifest.files[file] = known;
      durations.set(song.slug, durationSeconds(sampleCount));
    } else {
      missing.push(input);
    }
  }

  if (missing.length > 0) {
    log(`Generating ${missing.length} audio file(s)...`);
    const started = performance.now();
    const { requests } = options;
    await generateSongs(
      missing,
      async (input: SongAudioInput, audio: SongAudio) => {
        const file = `audio/${input.slug}.mp3`;
        await writeAtomically(path.join(mediaDir, file), audio.mp3);
        manifest.files[file] = {
          source: audioSourceKey(input),
          sha256: sha256Hex(audio.mp3),
          sampleCount: audio.sampleCount,
        };
        durations.set(input.slug, durationSeconds(audio.sampleCount));
        written++;
        options.requests?.written(input.slug);
      },
      {
        workers: options.workers,
        log,
        signal: options.signal,
        takeNext: requests && ((queue) => requests.takeNext(queue)),
      },
    );
    log(
      `Generated ${missing.length} audio file(s) in ${((performance.now() - started) / 1000).toFixed(1)} s`,
    );
  }

  const sorted: Manifest = {
    audioGeneratorVersion: AUDIO_GENERATOR_VERSION,
    files: Object.fromEntries(Object.entries(manifest.files).sort(([a], [b]) => a.localeCompare(b))),
  };
  const manifestText = `${JSON.stringify(sorted, null, 2)}\n`;
  if ((await fileHash(path.join(mediaDir, MANIFEST_FILE))) !== sha256Hex(manifestText)) {
    await writeAtomically(path.join(mediaDir, MANIFEST_FILE), manifestText);
  }
  return { written, durations };
}
