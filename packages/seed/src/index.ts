// Seeds the catalog: media files first (slow the first time, cached after), then every row in
// one transaction. Safe to run on every start.
import type { DataSource } from "typeorm";
import { catalog } from "./catalog.js";
import { plannedDurations, writeCatalogMedia } from "./media.js";
import { upsertAlbums, upsertArtists, upsertPlaylists, upsertSongs } from "./upsert.js";

export { catalog } from "./catalog.js";
export { GENRES, CATALOG_EPOCH, type Catalog, type CatalogSong, type Genre } from "./catalog-model.js";
// Where seeded media lives unless a caller passes MEDIA_DIR (the data folder is laid out by @purplebeats/db).
export { DEFAULT_MEDIA_DIR } from "@purplebeats/db";
export { writeCatalogMedia, plannedDurations, MANIFEST_FILE } from "./media.js";
export { ClipRequests } from "./clip-requests.js";
export { writeCatalogMediaInChild } from "./media-process.js";
export {
  AUDIO_GENERATOR_VERSION,
  MP3_KBPS,
  SAMPLE_RATE,
  generateSongAudio,
  planSong,
  STYLES,
} from "./audio/index.js";
export { stableUuid, slugify } from "./ids.js";

export interface SeedOptions {
  /** Folder served at /media: audio/, covers/ and artists/ are written inside it. */
  mediaDir: string;
  log?: (message: string) => void;
  /** Worker threads for audio generation (default: cores, at most 4). */
  workers?: number;
  /**
   * Write the rows only, with each song's planned duration: the caller writes the media afterwards with
   * writeCatalogMedia (the server does, once it listens: synthesising the audio takes minutes).
   */
  mediaLater?: boolean;
}

export interface SeedReport {
  artists: number;
  albums: number;
  songs: number;
  playlists: number;
  /** Media files created or replaced by this run (0 when everything was already there). */
  mediaWritten: number;
}

export async function seedCatalog(dataSource: DataSource, options: SeedOptions): Promise<SeedReport> {
  const log = options.log ?? (() => {});
  const media = options.mediaLater
    ? { written: 0, durations: plannedDurations(catalog) }
    : await writeCatalogMedia(options.mediaDir, catalog, { log, workers: options.workers });
  await dataSource.transaction(async (manager) => {
    // The system account that owns the seed's playlists is the schema's (migration SystemUser).
    await upsertArtists(manager, catalog);
    await upsertAlbums(manager, catalog);
    await upsertSongs(manager, catalog, media.durations);
    await upsertPlaylists(manager, catalog);
  });
  const report: SeedReport = {
    artists: catalog.artists.length,
    albums: catalog.albums.length,
    songs: catalog.songs.length,
    playlists: catalog.playlists.length,
    mediaWritten: media.written,
  };
  log(
    `Seeded ${report.artists} artists, ${report.albums} albums, ${report.songs} songs, ${report.playlists} playlists; ${report.mediaWritten} media file(s) written`,
  );
  return report;
}
