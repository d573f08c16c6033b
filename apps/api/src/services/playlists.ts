// The caller's own playlists: create, rename, picture, songs (add, remove, reorder, copy), delete.
//
// Positions are 1..songCount with no gaps. Every change to a playlist's songs runs in one
// transaction that first locks the playlist row (SELECT ... FOR UPDATE): concurrent adds queue
// on that lock, so each sees the count the previous one left and appends at songCount + 1.
// A song appears at most once in a playlist (409 otherwise), so a song id names one entry.
// Every change bumps the playlist's revision in its transaction (cached details are keyed by it), and
// every committed change tells the catalog cache (the public list).
import { randomUUID } from "node:crypto";
import type { DataSource, EntityManager } from "typeorm";
import { TRPCError } from "@trpc/server";
import {
  PLAYLIST_MAX_SONGS,
  PLAYLIST_NAME_UNCHANGED,
  type PlaylistDto,
  type PlaylistService,
} from "@purplebeats/contracts";
import { isSystemPlaylistId, SYSTEM_USER_ID } from "@purplebeats/db";
import { decodeCursor, toPage } from "../lib/cursor.js";
import type { CatalogCaches } from "./cache/catalog-cache.js";
import { ourPictureUrl, type ObjectUrlResolver } from "./uploads.js";
import { PLAYLIST_COLUMNS, toPlaylistDto, type PlaylistRow } from "./playlist-rows.js";
import { VISIBLE_PLAYLIST } from "./likes.js";
import { atMicros, micros } from "./time-keyset.js";

const notFound = (what: "Playlist" | "Song") =>
  new TRPCError({ code: "NOT_FOUND", message: `${what} not found` });
const forbidden = (message: string) => new TRPCError({ code: "FORBIDDEN", message });
const SYSTEM_PLAYLIST = "System playlists cannot be edited";
const NOT_OWNER = "Only the playlist's owner can change it";

type Query = <T>(sql: string, params?: unknown[]) => Promise<T[]>;
/** Rows, whatever the statement: TypeORM answers UPDATE and DELETE with [rows, affected count]. */
const querier =
  (runner: DataSource | EntityManager): Query =>
  async (sql, params = []) => {
    const result = (await runner.query(sql, params)) as unknown[];
    const isUpdateResult = result.length === 2 && Array.isArray(result[0]) && typeof result[1] === "number";
    return (isUpdateResult ? result[0] : result) as never;
  };

export function createPlaylistService(
  db: DataSource,
  objects: ObjectUrlResolver,
  caches: CatalogCaches,
): PlaylistService {
  const q = querier(db);

  /**
   * Runs `change` in a transaction holding the lock on a playlist the caller owns.
   * 404 when there is no such playlist; 403 for system playlists and other users' playlists.
   * Inside, only `tx` may be used: on PGlite the transaction holds the one connection.
   */
  async function withOwnedPlaylist<T>(
    userId: string,
    playlistId: string,
    change: (tx: Query, playlist: PlaylistRow) => Promise<T>,
  ): Promise<T> {
    // The id alone decides: no lock is taken on a system playlist.
    if (isSystemPlaylistId(playlistId)) throw forbidden(SYSTEM_PLAYLIST);
    const result = await db.transaction(async (manager) => {
      const tx = querier(manager);
      const [playlist] = await tx<PlaylistRow>(
        `SELECT ${PLAYLIST_COLUMNS} FROM playlists p WHERE p.id = $1 FOR UPDATE`,
        [playlistId],
      );
      if (!playlist) throw notFound("Playlist");
      // Editorial playlists (the system account's) are the admins' to change, on the dashboard.
      if (playlist.created_by !== userId)
        throw forbidden(playlist.created_by === SYSTEM_USER_ID ? SYSTEM_PLAYLIST : NOT_OWNER);
      const changed = await change(tx, playlist);
      // Readers serve copies cached under the revision (playlist-detail.ts): it moves with the change.
      await tx(`UPDATE playlists SET revision = revision + 1 WHERE id = $1`, [playlistId]);
      return changed;
    });
    // After the commit, so that no read can cache the playlist as it was.
    caches.changed({ playlistId });
    return result;
  }

  async function setSongCount(tx: Query, playlistId: string, delta: number): Promise<PlaylistDto> {
    const [row] = await tx<PlaylistRow>(
      `UPDATE playlists p SET song_count = song_count + $2 WHERE p.id = $1 RETURNING ${PLAYLIST_COLUMNS}`,
      [playlistId, delta],
    );
    return toPlaylistDto(row!);
  }

  const tooManySongs = () =>
    new TRPCError({ code: "CONFLICT", message: `A playlist can hold at most ${PLAYLIST_MAX_SONGS} songs` });

  return {
    async listCollected(userId, page) {
      const after = decodeCursor(page.cursor, ["n", "s"] as const);
      const args: unknown[] = [userId, page.limit + 1];
      let keyset = "";
      if (after) {
        args.push(after[0], after[1]);
        keyset = `WHERE (c.at, c.id) < (${atMicros("$3")}, $4)`;
      }
      // Each playlist once, at the latest moment it became the listener's: made, liked or added. Another
      // listener's playlist only while it is public (its owner may have made it private since).
      const rows = await q<PlaylistRow & { at_micros: string }>(
        `WITH c AS (
           SELECT p.id, max(x.at) AS at FROM (
             SELECT id AS playlist_id, created_at AS at FROM playlists WHERE created_by = $1
             UNION ALL SELECT playlist_id, liked_at FROM liked_playlists WHERE user_id = $1
             UNION ALL SELECT playlist_id, added_at FROM library_playlists WHERE user_id = $1
           ) x JOIN playlists p ON p.id = x.playlist_id
           WHERE p.created_by = $1 OR p.is_public
           GROUP BY p.id
         )
         SELECT ${PLAYLIST_COLUMNS}, ${micros("c.at")} AS at_micros FROM c JOIN playlists p ON p.id = c.id
         ${keyset}
         ORDER BY c.at DESC, c.id DESC LIMIT $2`,
        args,
      );
      return toPage(rows, page.limit, toPlaylistDto, (r) => [Number(r.at_micros), r.id]);
    },

    async listOwned(userId, page) {
      const after = decodeCursor(page.cursor, ["n", "s"] as const);
      const args: unknown[] = [userId, page.limit + 1];
      let keyset = "";
      if (after) {
        args.push(after[0], after[1]);
        keyset = `AND (p.created_at, p.id) < (${atMicros("$3")}, $4)`;
      }
      const rows = await q<PlaylistRow & { at_micros: string }>(
        `SELECT ${PLAYLIST_COLUMNS}, ${micros("p.created_at")} AS at_micros FROM playlists p
         WHERE p.created_by = $1 ${keyset}
         ORDER BY p.created_at DESC, p.id DESC LIMIT $2`,
        args,
      );
      return toPage(rows, page.limit, toPlaylistDto, (r) => [Number(r.at_micros), r.id]);
    },

    async create(userId, input) {
      const imageUrl = await ourPictureUrl(objects, userId, input.imageUrl);
      const [row] = await q<PlaylistRow>(
        `INSERT INTO playlists AS p (id, name, description, image_url, is_public, created_by)
         VALUES ($1, $2, $3, $4, $5, $6) RETURNING ${PLAYLIST_COLUMNS}`,
        [randomUUID(), input.name, input.description, imageUrl, input.isPublic, userId],
      );
      caches.changed({ playlistId: row!.id });
      return toPlaylistDto(row!);
    },

    async update(userId, playlistId, changes) {
      const imageUrl =
        changes.imageUrl === undefined ? undefined : await ourPictureUrl(objects, userId, changes.imageUrl);
      return withOwnedPlaylist(userId, playlistId, async (tx, playlist) => {
        // SPEC.md section 5: a rename must change the name (alongside other changes, an unchanged name is just kept).
        const renameOnly = imageUrl === undefined && changes.description === undefined;
        if (renameOnly && changes.name === playlist.name) {
          throw new TRPCError({ code: "BAD_REQUEST", message: PLAYLIST_NAME_UNCHANGED });
        }
        const [row] = await tx<PlaylistRow>(
          `UPDATE playlists p SET
             name = coalesce($2, name),
             image_url = CASE WHEN $3 THEN $4 ELSE image_url END,
             description = CASE WHEN $5 THEN $6 ELSE description END
           WHERE p.id = $1 RETURNING ${PLAYLIST_COLUMNS}`,
          [
            playlistId,
            changes.name ?? null,
            imageUrl !== undefined,
            imageUrl ?? null,
            changes.description !== undefined,
            changes.description ?? null,
          ],
        );
        return toPlaylistDto(row!);
      });
    },

    async remove(userId, playlistId) {
      await withOwnedPlaylist(userId, playlistId, (tx) =>
        tx(`DELETE FROM playlists WHERE id = $1`, [playlistId]),
      );
    },

    async addSong(userId, playlistId, songId) {
      return withOwnedPlaylist(userId, playlistId, async (tx, playlist) => {
        const [song] = await tx(`SELECT 1 FROM songs WHERE id = $1`, [songId]);
        if (!song) throw notFound("Song");
        const [present] = await tx(`SELECT 1 FROM playlist_songs WHERE playlist_id = $1 AND song_id = $2`, [
          playlistId,
          songId,
        ]);
        if (present)
          throw new TRPCError({ code: "CONFLICT", message: "This song is already in the playlist" });
        const count = Number(playlist.song_count);
        if (count >= PLAYLIST_MAX_SONGS) throw tooManySongs();
        const position = count + 1;
        await tx(`INSERT INTO playlist_songs (playlist_id, song_id, position) VALUES ($1, $2, $3)`, [
          playlistId,
          songId,
          position,
        ]);
        const updated = await setSongCount(tx, playlistId, 1);
        return { playlistId, songId, position, songCount: updated.songCount };
      });
    },

    async removeSong(userId, playlistId, songId) {
      return withOwnedPlaylist(userId, playlistId, async (tx) => {
        const [removed] = await tx<{ position: number }>(
          `DELETE FROM playlist_songs WHERE playlist_id = $1 AND song_id = $2 RETURNING position`,
          [playlistId, songId],
        );
        if (!removed) throw new TRPCError({ code: "NOT_FOUND", message: "This song is not in the playlist" });
        // Close the gap in two steps: (playlist_id, position) is unique and checked row by row,
        // so the later songs first move out of the way (negative), then land one place earlier.
        await tx(`UPDATE playlist_songs SET position = -position WHERE playlist_id = $1 AND position > $2`, [
          playlistId,
          removed.position,
        ]);
        await tx(
          `UPDATE playlist_songs SET position = -position - 1 WHERE playlist_id = $1 AND position < 0`,
          [playlistId],
        );
        return setSongCount(tx, playlistId, -1);
      });
    },

    async reorder(userId, playlistId, songIds) {
      return withOwnedPlaylist(userId, playlistId, async (tx, playlist) => {
        const current = await tx<{ song_id: string }>(
          `SELECT song_id FROM playlist_songs WHERE playlist_id = $1`,
          [playlistId],
        );
        const wanted = new Set(songIds);
        const isPermutation =
          wanted.size === songIds.length &&
          songIds.length === current.length &&
          current.every((row) => wanted.has(row.song_id));
        if (!isPermutation) {
          throw new TRPCError({
            code: "BAD_REQUEST",
            message: "songIds must list every song of the playlist exactly once",
          });
        }
        await tx(`UPDATE playlist_songs SET position = -position WHERE playlist_id = $1`, [playlistId]);
        await tx(
          `UPDATE playlist_songs ps SET position = o.position
           FROM unnest($2::uuid[]) WITH ORDINALITY AS o(song_id, position)
           WHERE ps.playlist_id = $1 AND ps.song_id = o.song_id`,
          [playlistId, songIds],
        );
        return toPlaylistDto(playlist);
      });
    },

    async copySongs(userId, playlistId, sourceId) {
      if (playlistId === sourceId) {
        throw new TRPCError({
          code: "BAD_REQUEST",
          message: "Choose a different playlist to add these songs to",
        });
      }
      const [source] = await q<{ id: string }>(
        `SELECT p.id FROM playlists p WHERE p.id = $2 AND ${VISIBLE_PLAYLIST}`,
        [userId, sourceId],
      );
      if (!source) throw notFound("Playlist");
      return withOwnedPlaylist(userId, playlistId, async (tx, playlist) => {
        const count = Number(playlist.song_count);
        // The source's songs in its order, once each, leaving out what the target already has.
        const missing = await tx<{ song_id: string }>(
          `SELECT song_id FROM playlist_songs src
           WHERE src.playlist_id = $2
             AND NOT EXISTS (SELECT 1 FROM playlist_songs t WHERE t.playlist_id = $1 AND t.song_id = src.song_id)
           GROUP BY song_id ORDER BY min(position)`,
          [playlistId, sourceId],
        );
        const [total] = await tx<{ n: number }>(
          `SELECT count(DISTINCT song_id)::int AS n FROM playlist_songs WHERE playlist_id = $1`,
          [sourceId],
        );
        if (count + missing.length > PLAYLIST_MAX_SONGS) throw tooManySongs();
        if (missing.length > 0) {
          await tx(
            `INSERT INTO playlist_songs (playlist_id, song_id, position)
             SELECT $1, o.song_id, $3 + o.n FROM unnest($2::uuid[]) WITH ORDINALITY AS o(song_id, n)`,
            [playlistId, missing.map((m) => m.song_id), count],
          );
        }
        const updated = await setSongCount(tx, playlistId, missing.length);
        return {
          playlistId,
          added: missing.length,
          skipped: Number(total?.n ?? 0) - missing.length,
          songCount: updated.songCount,
        };
      });
    },
  };
}
