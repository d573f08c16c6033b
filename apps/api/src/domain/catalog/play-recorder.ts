// A reported play, as the catalog counts it: once per listener and song within a window (DESIGN.md).
import type { DataSource, EntityManager } from "typeorm";
import type { CatalogCaches } from "../../infra/cache/catalog-cache.js";
import type { PlayRules } from "./play-rules.js";
import { playVisibility } from "../accounts/private-session.js";
import {
  addListener,
  addToHistory,
  countListenerAgain,
  countSongPlay,
  privateSessionUntil,
  recordCountedPlay,
  touchLatestPlay,
} from "../../data/plays.js";
import { isShownSong } from "../../data/song-rows.js";

export function createPlayRecorder(db: DataSource, caches: CatalogCaches, rules: PlayRules) {
  /** Whether this play counts: the listener's first of the song, or the first after the window. */
  async function countPlay(tx: EntityManager, songId: string, userId: string) {
    if (await addListener(tx, songId, userId)) return { counted: true, newListener: true };
    const again = await countListenerAgain(tx, songId, userId, rules.countAgainAfterSeconds);
    return { counted: again, newListener: false };
  }

  return async function recordPlay(songId: string, userId: string): Promise<{ counted: boolean } | null> {
    const play = await db.transaction(async (tx) => {
      // A song taken down is not found: its play counts for nothing (charts, listeners, artists' shares).
      if (!(await isShownSong(tx, songId))) return null;
      // A private session's play is the listener's own: kept in their history, counted nowhere.
      if (playVisibility(await privateSessionUntil(tx, userId), new Date()).private) {
        await addToHistory(tx, userId, songId, rules.historyPerListener, true);
        return { counted: false };
      }
      const { counted, newListener } = await countPlay(tx, songId, userId);
      if (!counted) {
        // A repeat inside the window counts for nothing but the listener's own Recently Played order.
        await touchLatestPlay(tx, userId, songId);
        return { counted };
      }
      await countSongPlay(tx, songId, newListener);
      await recordCountedPlay(tx, userId, songId);
      await addToHistory(tx, userId, songId, rules.historyPerListener);
      return { counted };
    });
    if (play?.counted) caches.changed({ plays: true });
    return play;
  };
}
