// The songs of an editorial playlist as the dashboard lists them: the admin song rows (joined with
// artist and album) of data/catalog-admin.ts, in the playlist's order.
import { ADMIN_SONG_SELECT, type AdminSongRow } from "./catalog-admin.js";
import { selectRows, type Queryable } from "./sql.js";

export const playlistAdminSongs = (db: Queryable, playlistId: string) =>
  selectRows<AdminSongRow>(
    db,
    `${ADMIN_SONG_SELECT} JOIN playlist_songs ps ON ps.song_id = s.id
     WHERE ps.playlist_id = $1 ORDER BY ps.position`,
    [playlistId],
  );
