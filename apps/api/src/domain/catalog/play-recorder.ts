// A reported play, as the catalog counts it: once per listener and song within a window (DESIGN.md).
import type { DataSource, EntityManager } from "typeorm";
import type { CatalogCaches } from "../../infra/cache/catalog-cache.js";
import type { PlayRules } from "./play-rules.js";
import { changedRows, selectRow, selectRows } from "../../data/sql.js";

export function createPlayRecorder(db: DataSource, caches: CatalogCaches, rules: PlayRules) {
  /** Whether this play counts: the listener's first of the song, or the first after the window. */
  async function countPlay(tx: EntityManager, songId: string, userId: string) {
    const first = await selectRows<{ song_id: string }>(
      tx,
      `INSERT INTO song_listeners (song_id, user_id) VALUES ($1, $2) ON CONFLICT DO NOTHING RETURNING song_id`,
      [songId, userId],
    );
    if (first.length > 0) return { counted: true, newListener: true };
    const again = await changedRows<{ song_id: string }>(
      tx,
      `UPDATE song_listeners SET last_counted_at = now()
       WHERE song_id = $1 AND user_id = $2 AND last_counted_at <= now() - make_interval(secs => $3)
       RETURNING song_id`,
      [songId, userId, rules.countAgainAfterSeconds],
    );
    return { counted: again.length > 0, newListener: false };
  }

  return async function recordPlay(songId: string, userId: string): Promise<{ counted: boolean } | null> {
    const play = await db.transaction(async (tx) => {
      const song = await selectRow<{ id: string }>(tx, `SELECT id FROM songs WHERE id = $1`, [songId]);
      if (!song) return null;
      const { counted, newListener } = await countPlay(tx, songId, userId);
      if (!counted) {
        // A repeat inside the window counts for nothing but the listener's own Recently Played order.
        await tx.query(
          `UPDATE play_history SET played_at = now() WHERE id = (
             SELECT id FROM play_history WHERE user_id = $1 AND song_id = $2 ORDER BY played_at DESC LIMIT 1)`,
          [userId, songId],
        );
        return { counted };
      }
      await tx.query(
        `UPDATE songs SET play_count = play_count + 1, listener_count = listener_count + $2, last_played = now()
         WHERE id = $1`,
        [songId, newListener ? 1 : 0],
      );
      await tx.query(`INSERT INTO play_history (user_id, song_id) VALUES ($1, $2)`, [userId, songId]);
      await tx.query(
        `DELETE FROM play_history WHERE id IN (
           SELECT id FROM play_history WHERE user_id = $1 ORDER BY played_at DESC, id DESC OFFSET $2)`,
        [userId, rules.historyPerListener],
      );
      return { counted };
    });
    if (play?.counted) caches.changed({ plays: true });
    return play;
  };
}
