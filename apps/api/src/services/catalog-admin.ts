// Catalog management for admins (issue 13, item 9): songs found with their hidden and members-only flags,
// and edits of songs and albums. Every edit tells the caches that the catalog changed.
import { TRPCError } from "@trpc/server";
import type { DataSource } from "typeorm";
import type {
  AdminArtistDto,
  AdminSongDto,
  AlbumAdminChanges,
  ArtistAdminChanges,
  SongAdminChanges,
} from "@purplebeats/contracts";
import { matchKey } from "../library/match-key.js";
import { ourPictureUrl, type ObjectUrlResolver } from "./uploads.js";

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

export const toAdminSongDto = (row: AdminSongRow): AdminSongDto => ({
  id: row.id,
  title: row.title,
  artist: row.artist,
  artistId: row.artist_id,
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

const artistNotFound = () => new TRPCError({ code: "NOT_FOUND", message: "Artist not found" });

export function createCatalogAdmin(db: DataSource, uploads: ObjectUrlResolver, onCatalogChanged: () => void) {
  async function artist(id: string): Promise<AdminArtistDto | null> {
    const [row] = (await db.query(
      `SELECT a.id, a.name, a.image_url, (SELECT count(*) FROM songs s WHERE s.artist_id = a.id)::int AS songs
       FROM artists a WHERE a.id = $1`,
      [id],
    )) as Array<{ id: string; name: string; image_url: string | null; songs: number }>;
    return row ? { id: row.id, name: row.name, imageUrl: row.image_url, songCount: Number(row.songs) } : null;
  }

  async function song(id: string): Promise<AdminSongDto | null> {
    const [row] = (await db.query(`${ADMIN_SONG_SELECT} WHERE s.id = $1`, [id])) as AdminSongRow[];
    return row ? toAdminSongDto(row) : null;
  }

  return {
    async songs(q: string): Promise<AdminSongDto[]> {
      const rows = (await db.query(
        `${ADMIN_SONG_SELECT}
         WHERE $1 = '' OR s.title ILIKE $2 OR ar.name ILIKE $2 OR al.title ILIKE $2
         ORDER BY s.created_at DESC, s.id LIMIT 50`,
        [q, likePattern(q)],
      )) as AdminSongRow[];
      return rows.map(toAdminSongDto);
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

    async updateArtist(userId: string, id: string, changes: ArtistAdminChanges): Promise<AdminArtistDto> {
      if (!(await artist(id))) throw artistNotFound();
      const image =
        changes.imageUrl === undefined ? undefined : await ourPictureUrl(uploads, userId, changes.imageUrl);
      await db.query(
        `UPDATE artists SET name = COALESCE($2, name), match_key = COALESCE($3, match_key),
           image_url = CASE WHEN $4 THEN $5 ELSE image_url END WHERE id = $1`,
        [
          id,
          changes.name ?? null,
          changes.name ? matchKey(changes.name) || changes.name.toLowerCase() : null,
          image !== undefined,
          image ?? null,
        ],
      );
      onCatalogChanged();
      return (await artist(id))!;
    },

    async mergeArtists(fromId: string, intoId: string): Promise<AdminArtistDto> {
      await db.transaction(async (tx) => {
        const found = (await tx.query(`SELECT id FROM artists WHERE id = ANY($1::uuid[]) FOR UPDATE`, [
          [fromId, intoId],
        ])) as unknown[];
        if (found.length !== 2) throw artistNotFound();
        await tx.query(`UPDATE songs SET artist_id = $2 WHERE artist_id = $1`, [fromId, intoId]);
        await tx.query(`UPDATE albums SET artist_id = $2 WHERE artist_id = $1`, [fromId, intoId]);
        await tx.query(`DELETE FROM artists WHERE id = $1`, [fromId]);
      });
      onCatalogChanged();
      return (await artist(intoId))!;
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
