// Renditions and lyrics for listeners, the library scan for admins. Who may play what is decided
// here, once (`refusal`), for the audio and the lyrics alike: hidden or vanished songs are not found,
// members-only songs and the high rendition need premium.
import path from "node:path";
import type { DataSource } from "typeorm";
import type { MediaService, MembershipService, PlayRefusal, StreamQuality } from "@purplebeats/contracts";
import { AUDIO_CONTENT_TYPES, type MediaStore } from "../../infra/storage/media-store.js";
import type { LibraryService } from "../library/library-service.js";
import { songLyrics, streamSource, type StreamRow } from "../../data/media.js";
import { isPlayableSong } from "../../data/song-rows.js";

export interface MediaServiceOptions {
  dataSource: DataSource;
  store: MediaStore;
  memberships: Pick<MembershipService, "isPremium">;
  /** The seed's original clips (/media/audio/...), for songs whose renditions are not made yet. */
  mediaDir: string;
  /** Set when the job queue runs (always, in the server). */
  library: () => LibraryService | undefined;
  musicRoots: readonly string[];
}

const contentTypeOf = (key: string) => AUDIO_CONTENT_TYPES[path.extname(key).slice(1)] ?? "audio/mpeg";

/** The rendition a quality plays: a song still waiting for its low rendition (the backfill) plays standard. */
function renditionOf(row: StreamRow, quality: StreamQuality): { key: string | null; kbps: number } {
  if (quality === "high") return { key: row.high_key, kbps: row.high_kbps ?? 0 };
  if (quality === "low" && row.low_key) return { key: row.low_key, kbps: row.low_kbps ?? 0 };
  return { key: row.standard_key, kbps: row.standard_kbps ?? 0 };
}

export function createMediaService(options: MediaServiceOptions): MediaService {
  const { dataSource, store, memberships } = options;

  /** The one rule of who may play what (its audio and its words): why not, or null when the caller may. */
  async function refusal(
    row: StreamRow | undefined,
    quality: StreamQuality,
    userId: string | null,
  ): Promise<PlayRefusal | null> {
    if (!row || !isPlayableSong(row)) return "not-found";
    const needsPremium = row.members_only || quality === "high";
    if (needsPremium && !(userId && (await memberships.isPremium(userId))))
      return row.members_only ? "members-only" : "premium-required";
    return null;
  }

  const service: MediaService = {
    async streamSource(songId, quality: StreamQuality, userId) {
      const row = await streamSource(dataSource, songId);
      const refused = await refusal(row, quality, userId);
      if (refused || !row) return { ok: false, reason: refused ?? "not-found" };
      const { key, kbps } = renditionOf(row, quality);
      if (key) {
        const location = await store.locate(key);
        return { ok: true, source: { quality, kbps, contentType: contentTypeOf(key), ...location } };
      }
      // A seed song whose renditions were not made (SEED_RENDITIONS=0): its original clip, to everyone.
      if (row.audio_url?.startsWith("/media/audio/")) {
        const file = path.join(options.mediaDir, row.audio_url.slice("/media/".length));
        return { ok: true, source: { quality, kbps: 96, contentType: "audio/mpeg", kind: "file", file } };
      }
      return { ok: false, reason: "not-found" };
    },

    async downloadSource(songId, quality, userId) {
      // Hidden and vanished songs are not found for anyone, as for a stream; then premium for any quality.
      const row = await streamSource(dataSource, songId);
      if (!row || !isPlayableSong(row)) return { ok: false, reason: "not-found" };
      if (!(userId && (await memberships.isPremium(userId))))
        return { ok: false, reason: "downloads-premium" };
      return service.streamSource(songId, quality, userId);
    },

    async lyrics(songId, userId) {
      // The words of a song the caller may play (at the quality everyone gets), as its stream decides.
      const refused = await refusal(await streamSource(dataSource, songId), "standard", userId);
      if (refused) return { ok: false, reason: refused };
      const row = await songLyrics(dataSource, songId);
      return { ok: true, lyrics: row ? { synced: row.synced, lines: row.lines } : null };
    },

    async startScan() {
      const library = options.library();
      if (!library || options.musicRoots.length === 0) return null;
      return library.startScan(options.musicRoots);
    },

    async latestScan() {
      return (await options.library()?.latestScan()) ?? null;
    },
  };
  return service;
}
