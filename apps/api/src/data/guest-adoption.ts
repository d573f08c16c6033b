// Moving a guest's per-user rows to the account it signs in to, where the account's own row wins:
// set-based UPDATE ... WHERE NOT EXISTS statements, one per table, inside the sign-in's transaction.
import type { EntityManager } from "typeorm";

/** Likes and library entries the account does not have yet; the guest's duplicates go with the guest. */
export async function moveUniqueEntries(tx: EntityManager, guestId: string, userId: string) {
  for (const [table, key] of [
    ["liked_songs", "song_id"],
    ["liked_playlists", "playlist_id"],
    ["library_playlists", "playlist_id"],
  ] as const) {
    await tx.query(
      `UPDATE ${table} g SET user_id = $2 WHERE g.user_id = $1
       AND NOT EXISTS (SELECT 1 FROM ${table} u WHERE u.user_id = $2 AND u.${key} = g.${key})`,
      [guestId, userId],
    );
  }
}

/** The guest and the account are one listener: a song both played loses the guest's listener. */
export async function mergeListeners(tx: EntityManager, guestId: string, userId: string) {
  await tx.query(
    `UPDATE songs s SET listener_count = listener_count - 1 FROM song_listeners g
     WHERE g.user_id = $1 AND s.id = g.song_id
       AND EXISTS (SELECT 1 FROM song_listeners u WHERE u.user_id = $2 AND u.song_id = g.song_id)`,
    [guestId, userId],
  );
  await tx.query(
    `UPDATE song_listeners g SET user_id = $2 WHERE g.user_id = $1
     AND NOT EXISTS (SELECT 1 FROM song_listeners u WHERE u.user_id = $2 AND u.song_id = g.song_id)`,
    [guestId, userId],
  );
}

/**
 * The guest's choices of language and listening settings, where the account has made none: a listener who set
 * the equalizer as a guest finds it after signing in. The account's own choices win.
 */
export async function carryProfileChoices(tx: EntityManager, guestId: string, userId: string) {
  await tx.query(
    `UPDATE profiles u
        SET language = COALESCE(u.language, g.language),
            listening_settings = COALESCE(u.listening_settings, g.listening_settings)
       FROM profiles g
      WHERE u.user_id = $2 AND g.user_id = $1`,
    [guestId, userId],
  );
}
