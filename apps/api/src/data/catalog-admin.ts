// The songs as the admin dashboard finds them: each song joined with its artist and album, with its
// hidden and members-only flags. A search over title, artist and album with ILIKE, so it stays
// hand-written; editorial playlists list their songs with the same columns (data/editorial.ts).
import { selectRow, selectRows, type Queryable } from "./sql.js";

export interface AdminSongRow {
  id: string;
  title: string;
  artist: string;
  artist_id: string;
  album_id: string | null;
  album_title: string | null;
  album_members_only: boolean | null;
  hidden: boolean;
  members_only: boolean;
  unavailable: boolean;
  renditions: boolean;
}

export const ADMIN_SONG_SELECT = `SELECT s.id, s.title, ar.name AS artist, ar.id AS artist_id, al.id AS album_id, al.title AS album_title,
    al.members_only AS album_members_only, s.hidden, s.members_only, s.unavailable,
    (s.standard_key IS NOT NULL) AS renditions
  FROM songs s JOIN artists ar ON ar.id = s.artist_id LEFT JOIN albums al ON al.id = s.album_id`;

export const adminSong = (db: Queryable, songId: string) =>
  selectRow<AdminSongRow>(db, `${ADMIN_SONG_SELECT} WHERE s.id = $1`, [songId]);

/** `q` as literal text inside ILIKE (its % and _ match only themselves). */
const likePattern = (q: string) => `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** The 50 newest songs whose title, artist or album contains `q` (every song when `q` is empty). */
export const adminSongsMatching = (db: Queryable, q: string) =>
  selectRows<AdminSongRow>(
    db,
    `${ADMIN_SONG_SELECT}
     WHERE $1 = '' OR s.title ILIKE $2 OR ar.name ILIKE $2 OR al.title ILIKE $2
     ORDER BY s.created_at DESC, s.id LIMIT 50`,
    [q, likePattern(q)],
  );
