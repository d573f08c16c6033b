// After a run: does the database hold what the clients were told, and nothing broken?
import type { ScratchDatabase } from "./postgres.js";
import type { Ledger } from "./traffic.js";

export interface ConsistencyReport {
  /** Confirmed writes missing from the database. */
  lost: string[];
  /** Broken invariants (duplicate or gapped positions, counts that disagree). */
  broken: string[];
  checked: number;
}

/** Every confirmed like, add, playlist and completed payment is there; playlists are gapless and unique. */
export async function checkLedger(db: ScratchDatabase, ledger: Ledger): Promise<ConsistencyReport> {
  const lost: string[] = [];
  const broken: string[] = [];
  let checked = 0;

  const likes = await db.query<{ user_id: string; song_id: string }>(
    `SELECT user_id, song_id FROM liked_songs`,
  );
  const liked = new Set(likes.map((r) => `${r.user_id}/${r.song_id}`));
  for (const [uid, songs] of ledger.likes) {
    for (const song of songs) {
      checked++;
      if (!liked.has(`${uid}/${song}`)) lost.push(`like ${uid}/${song}`);
    }
  }
  for (const [uid, songs] of ledger.unlikes) {
    for (const song of songs) {
      checked++;
      if (liked.has(`${uid}/${song}`)) lost.push(`unlike ${uid}/${song} (still liked)`);
    }
  }

  const playlists = new Set((await db.query<{ id: string }>(`SELECT id FROM playlists`)).map((r) => r.id));
  for (const [uid, ids] of ledger.playlists) {
    for (const id of ids) {
      checked++;
      if (!playlists.has(id)) lost.push(`playlist ${id} of ${uid}`);
    }
  }

  const rows = await db.query<{ playlist_id: string; song_id: string }>(
    `SELECT playlist_id, song_id FROM playlist_songs`,
  );
  const inPlaylist = new Set(rows.map((r) => `${r.playlist_id}/${r.song_id}`));
  for (const [playlistId, songs] of ledger.adds) {
    for (const song of songs) {
      checked++;
      if (!inPlaylist.has(`${playlistId}/${song}`)) lost.push(`add ${song} to ${playlistId}`);
    }
  }
  broken.push(...(await playlistInvariants(db)));

  const completed = new Set(
    (
      await db.query<{ payment_id: string }>(`SELECT payment_id FROM pi_payments WHERE status = 'completed'`)
    ).map((r) => r.payment_id),
  );
  for (const [uid, ids] of ledger.payments) {
    for (const id of ids) {
      checked++;
      if (!completed.has(id)) lost.push(`payment ${id} of ${uid}`);
    }
  }
  return { lost, broken, checked };
}

/** Positions 1..n without gaps or duplicates, one row per song, and song_count = n, for every playlist. */
export async function playlistInvariants(db: ScratchDatabase, playlistId?: string): Promise<string[]> {
  const where = playlistId ? `WHERE p.id = $1` : "";
  const rows = await db.query<{
    id: string;
    song_count: number;
    n: string;
    songs: string;
    max: number | null;
    min: number | null;
  }>(
    `SELECT p.id, p.song_count, count(ps.id) AS n, count(DISTINCT ps.song_id) AS songs,
            max(ps.position) AS max, min(ps.position) AS min
     FROM playlists p LEFT JOIN playlist_songs ps ON ps.playlist_id = p.id ${where}
     GROUP BY p.id, p.song_count`,
    playlistId ? [playlistId] : [],
  );
  const broken: string[] = [];
  for (const r of rows) {
    const n = Number(r.n);
    if (Number(r.songs) !== n) broken.push(`${r.id}: a song appears twice`);
    if (n > 0 && (Number(r.min) !== 1 || Number(r.max) !== n))
      broken.push(`${r.id}: positions ${r.min}..${r.max} for ${n} songs`);
    if (Number(r.song_count) !== n) broken.push(`${r.id}: song_count ${r.song_count} but ${n} rows`);
  }
  return broken;
}

/** Whole months of premium left (30.4-day months, rounded), per user. */
export async function premiumMonths(db: ScratchDatabase, uid: string): Promise<number> {
  const [row] = await db.query<{ months: number | null }>(
    `SELECT round(extract(epoch FROM (expires_at - now())) / 86400 / 30.4)::int AS months
     FROM memberships WHERE user_id = $1 AND is_premium`,
    [uid],
  );
  return row?.months ?? 0;
}
