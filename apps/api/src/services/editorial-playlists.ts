// Editorial playlists (issue 13, item 9): the system playlists, owned by the PurpleBeats account and shown
// on Home to everyone. Admins create, edit, fill in order and delete them. Each change bumps the playlist's
// revision (cached details are keyed by it), marks it curated (the seed, run at every start, then leaves it
// alone; a deleted seeded one is retired so that the seed does not make it again) and tells the caches.
import { randomUUID } from "node:crypto";
import type { DataSource, EntityManager } from "typeorm";
import { TRPCError } from "@trpc/server";
import type {
  CreateEditorialPlaylistInput,
  EditorialPlaylistChanges,
  EditorialPlaylistDetailDto,
  EditorialPlaylistDto,
} from "@purplebeats/contracts";
import { isSystemPlaylistId, SYSTEM_USER_ID } from "@purplebeats/db";
import type { CatalogChange } from "./cache/catalog-cache.js";
import { ADMIN_SONG_SELECT, toAdminSongDto, type AdminSongRow } from "./catalog-admin.js";
import { ourPictureUrl, type ObjectUrlResolver } from "./uploads.js";

interface EditorialRow {
  id: string;
  name: string;
  description: string | null;
  image_url: string | null;
  song_count: number;
  created_at: Date;
}

const COLUMNS = `p.id, p.name, p.description, p.image_url, p.song_count, p.created_at`;

const toDto = (row: EditorialRow): EditorialPlaylistDto => ({
  id: row.id,
  name: row.name,
  description: row.description,
  imageUrl: row.image_url,
  songCount: Number(row.song_count),
  createdAt: new Date(row.created_at).toISOString(),
});

const playlistNotFound = () => new TRPCError({ code: "NOT_FOUND", message: "Playlist not found" });

/** TypeORM answers UPDATE and DELETE with [rows, affected count]; SELECT and INSERT with the rows. */
async function rows<T>(runner: DataSource | EntityManager, sql: string, params: unknown[]): Promise<T[]> {
  const result = (await runner.query(sql, params)) as unknown[];
  const isWrite = result.length === 2 && Array.isArray(result[0]) && typeof result[1] === "number";
  return (isWrite ? result[0] : result) as T[];
}

export function createEditorialPlaylists(
  db: DataSource,
  uploads: ObjectUrlResolver,
  /** Drops cached copies here and on the other instances (Home's playlists, the playlist's page). */
  notify: (change: CatalogChange) => void,
) {
  async function detail(id: string, runner: DataSource | EntityManager = db) {
    const [row] = await rows<EditorialRow>(
      runner,
      `SELECT ${COLUMNS} FROM playlists p WHERE p.id = $1 AND p.created_by = $2`,
      [id, SYSTEM_USER_ID],
    );
    if (!row) throw playlistNotFound();
    const songs = await rows<AdminSongRow>(
      runner,
      `${ADMIN_SONG_SELECT} JOIN playlist_songs ps ON ps.song_id = s.id
       WHERE ps.playlist_id = $1 ORDER BY ps.position`,
      [id],
    );
    return { ...toDto(row), songs: songs.map(toAdminSongDto) } satisfies EditorialPlaylistDetailDto;
  }

  /** Runs `change` in a transaction holding the editorial playlist's row lock; 404 for any other playlist. */
  async function changing(id: string, change: (tx: EntityManager) => Promise<void>) {
    const result = await db.transaction(async (tx) => {
      const [locked] = await rows<{ id: string }>(
        tx,
        `SELECT id FROM playlists WHERE id = $1 AND created_by = $2 FOR UPDATE`,
        [id, SYSTEM_USER_ID],
      );
      if (!locked) throw playlistNotFound();
      await change(tx);
      await tx.query(`UPDATE playlists SET revision = revision + 1, curated_at = now() WHERE id = $1`, [id]);
      return detail(id, tx);
    });
    // After the commit, so that no read can cache the playlist as it was.
    notify({ playlistId: id });
    return result;
  }

  return {
    async editorialPlaylists(): Promise<EditorialPlaylistDto[]> {
      // Oldest first, as Home's 'Made For You' lists them.
      const found = await rows<EditorialRow>(
        db,
        `SELECT ${COLUMNS} FROM playlists p WHERE p.created_by = $1 ORDER BY p.created_at, p.id`,
        [SYSTEM_USER_ID],
      );
      return found.map(toDto);
    },

    editorialPlaylist: (id: string) => detail(id),

    async createEditorialPlaylist(userId: string, input: CreateEditorialPlaylistInput) {
      const imageUrl = await ourPictureUrl(uploads, userId, input.imageUrl);
      const id = randomUUID();
      await db.query(
        `INSERT INTO playlists (id, name, description, image_url, is_public, created_by, curated_at)
         VALUES ($1, $2, $3, $4, true, $5, now())`,
        [id, input.name, input.description, imageUrl, SYSTEM_USER_ID],
      );
      notify({ playlistId: id });
      return detail(id);
    },

    async updateEditorialPlaylist(userId: string, id: string, changes: EditorialPlaylistChanges) {
      const imageUrl =
        changes.imageUrl === undefined ? undefined : await ourPictureUrl(uploads, userId, changes.imageUrl);
      return changing(id, async (tx) => {
        await tx.query(
          `UPDATE playlists SET name = COALESCE($2, name),
             description = CASE WHEN $3 THEN $4 ELSE description END,
             image_url = CASE WHEN $5 THEN $6 ELSE image_url END
           WHERE id = $1`,
          [
            id,
            changes.name ?? null,
            changes.description !== undefined,
            changes.description ?? null,
            imageUrl !== undefined,
            imageUrl ?? null,
          ],
        );
      });
    },

    async deleteEditorialPlaylist(id: string): Promise<{ success: true }> {
      await db.transaction(async (tx) => {
        const deleted = await rows<{ id: string }>(
          tx,
          `DELETE FROM playlists WHERE id = $1 AND created_by = $2 RETURNING id`,
          [id, SYSTEM_USER_ID],
        );
        if (deleted.length === 0) throw playlistNotFound();
        if (isSystemPlaylistId(id))
          await tx.query(
            `INSERT INTO retired_system_playlists (id) VALUES ($1) ON CONFLICT (id) DO NOTHING`,
            [id],
          );
      });
      notify({ playlistId: id });
      return { success: true };
    },

    async setEditorialPlaylistSongs(id: string, songIds: string[]) {
      return changing(id, async (tx) => {
        const known = await rows<{ id: string }>(tx, `SELECT id FROM songs WHERE id = ANY($1::uuid[])`, [
          songIds,
        ]);
        if (known.length !== songIds.length) {
          const found = new Set(known.map((s) => s.id));
          const missing = songIds.find((songId) => !found.has(songId));
          throw new TRPCError({ code: "NOT_FOUND", message: `Song not found: ${missing}` });
        }
        await tx.query(`DELETE FROM playlist_songs WHERE playlist_id = $1`, [id]);
        await tx.query(
          `INSERT INTO playlist_songs (playlist_id, song_id, position)
           SELECT $1, t.song_id, t.position FROM unnest($2::uuid[]) WITH ORDINALITY AS t(song_id, position)`,
          [id, songIds],
        );
        await tx.query(`UPDATE playlists SET song_count = $2 WHERE id = $1`, [id, songIds.length]);
      });
    },
  };
}
