// Catalog management for admins (issue 13, item 9): songs found with their hidden and members-only flags,
// and edits of songs and albums. Every edit tells the caches that the catalog changed.
import { TRPCError } from "@trpc/server";
import type { DataSource } from "typeorm";
import type { AdminSongDto, AlbumAdminChanges, SongAdminChanges } from "@purplebeats/contracts";

interface SongRow {
  id: string;
  title: string;
  artist: string;
  album_id: string | null;
  album_title: string | null;
  album_members_only: boolean | null;
  hidden: boolean;
  members_only: boolean;
  unavailable: boolean;
  renditions: boolean;
}

const SONG_SELECT = `SELECT s.id, s.title, ar.name AS artist, al.id AS album_id, al.title AS album_title,
    al.members_only AS album_members_only, s.hidden, s.members_only, s.unavailable,
    (s.standard_key IS NOT NULL) AS renditions
  FROM songs s JOIN artists ar ON ar.id = s.artist_id LEFT JOIN albums al ON al.id = s.album_id`;

const toDto = (row: SongRow): AdminSongDto => ({
  id: row.id,
  title: row.title,
  artist: row.artist,
  album: row.album_id
    ? { id: row.album_id, title: row.album_title ?? "", membersOnly: row.album_members_only ?? false }
    : null,
  hidden: row.hidden,
  membersOnly: row.members_only,
  unavailable: row.unavailable,
  renditions: row.renditions,
});

/** `q` as literal text inside ILIKE (its % and _ match only themselves). */
const likePattern = (q: string) => `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

export function createCatalogAdmin(db: DataSource, onCatalogChanged: () => void) {
  async function song(id: string): Promise<AdminSongDto | null> {
    const [row] = (await db.query(`${SONG_SELECT} WHERE s.id = $1`, [id])) as SongRow[];
    return row ? toDto(row) : null;
  }

  return {
    async songs(q: string): Promise<AdminSongDto[]> {
      const rows = (await db.query(
        `${SONG_SELECT}
         WHERE $1 = '' OR s.title ILIKE $2 OR ar.name ILIKE $2 OR al.title ILIKE $2
         ORDER BY s.created_at DESC, s.id LIMIT 50`,
        [q, likePattern(q)],
      )) as SongRow[];
      return rows.map(toDto);
    },

    async updateSong(id: string, changes: SongAdminChanges): Promise<AdminSongDto> {
      const [updated] = (await db.query(
        `UPDATE songs SET title = COALESCE($2, title), hidden = COALESCE($3, hidden),
           members_only = COALESCE($4, members_only) WHERE id = $1 RETURNING id`,
        [id, changes.title ?? null, changes.hidden ?? null, changes.membersOnly ?? null],
      )) as [unknown[], number];
      if (updated.length === 0) throw new TRPCError({ code: "NOT_FOUND", message: "Song not found" });
      onCatalogChanged();
      return (await song(id))!;
    },

    async updateAlbum(id: string, changes: AlbumAdminChanges) {
      const [rows] = (await db.query(
        `UPDATE albums SET title = COALESCE($2, title), members_only = COALESCE($3, members_only)
         WHERE id = $1 RETURNING id, title, members_only`,
        [id, changes.title ?? null, changes.membersOnly ?? null],
      )) as [Array<{ id: string; title: string; members_only: boolean }>, number];
      const row = rows[0];
      if (!row) throw new TRPCError({ code: "NOT_FOUND", message: "Album not found" });
      onCatalogChanged();
      return { id: row.id, title: row.title, membersOnly: row.members_only };
    },
  };
}
