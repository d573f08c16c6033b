// Per-user likes and the library: liked songs, liked playlists, library playlists.
// Adding twice keeps one row (the unique keys and ON CONFLICT DO NOTHING); removing twice is fine.
import type { DataSource } from "typeorm";
import type {
  LibraryPlaylistDto,
  LikedPlaylistDto,
  LikedSongDto,
  LikedSongService,
  PlaylistDto,
  PlaylistSetService,
} from "@purplebeats/contracts";
import { decodeCursor, toPage } from "../lib/cursor.js";
import { SONG_COLUMNS, SONG_JOINS, toSongDto, type SongRow } from "./song-rows.js";
import { PLAYLIST_COLUMNS, toPlaylistDto, type PlaylistRow } from "./playlist-rows.js";
import { atMicros, micros } from "./time-keyset.js";

const iso = (d: Date | string) => new Date(d).toISOString();

/** A playlist a user may like or keep: public ones, and the user's own. */
export const VISIBLE_PLAYLIST = `(p.is_public OR p.created_by = $1)`;

export function createLikedSongService(db: DataSource): LikedSongService {
  return {
    async list(userId, page) {
      const after = decodeCursor(page.cursor, ["n", "u"] as const);
      const args: unknown[] = [userId, page.limit + 1];
      let keyset = "";
      if (after) {
        args.push(after[0], after[1]);
        keyset = `AND (ls.liked_at, ls.id) < (${atMicros("$3")}, $4::uuid)`;
      }
      const rows = (await db.query(
        `SELECT ${SONG_COLUMNS}, ls.liked_at, ${micros("ls.liked_at")} AS at_micros, ls.id AS like_id FROM liked_songs ls
         JOIN songs s ON s.id = ls.song_id ${SONG_JOINS}
         WHERE ls.user_id = $1 ${keyset}
         ORDER BY ls.liked_at DESC, ls.id DESC LIMIT $2`,
        args,
      )) as Array<SongRow & { liked_at: Date; at_micros: string; like_id: string }>;
      return toPage(
        rows,
        page.limit,
        (r): LikedSongDto => ({ ...toSongDto(r), likedAt: iso(r.liked_at) }),
        (r) => [Number(r.at_micros), r.like_id],
      );
    },

    async count(userId) {
      const [row] = (await db.query(`SELECT count(*)::int AS n FROM liked_songs WHERE user_id = $1`, [
        userId,
      ])) as Array<{
        n: number;
      }>;
      return Number(row?.n ?? 0);
    },

    async isLiked(userId, songId) {
      const rows = (await db.query(`SELECT 1 FROM liked_songs WHERE user_id = $1 AND song_id = $2`, [
        userId,
        songId,
      ])) as unknown[];
      return rows.length > 0;
    },

    async like(userId, songId) {
      // One statement: the song's existence and the insert agree even if the song is deleted meanwhile.
      const [row] = (await db.query(
        `WITH song AS (SELECT id FROM songs WHERE id = $2),
         liked AS (
           INSERT INTO liked_songs (user_id, song_id) SELECT $1, id FROM song
           ON CONFLICT (user_id, song_id) DO NOTHING RETURNING 1
         )
         SELECT EXISTS (SELECT 1 FROM song) AS found`,
        [userId, songId],
      )) as Array<{ found: boolean }>;
      return Boolean(row?.found);
    },

    async unlike(userId, songId) {
      await db.query(`DELETE FROM liked_songs WHERE user_id = $1 AND song_id = $2`, [userId, songId]);
    },
  };
}

interface PlaylistSetTable<Item extends PlaylistDto> {
  table: "liked_playlists" | "library_playlists";
  /** When the user added the playlist to the set. */
  timeColumn: "liked_at" | "added_at";
  toItem(playlist: PlaylistDto, at: string): Item;
}

function createPlaylistSet<Item extends PlaylistDto>(
  db: DataSource,
  set: PlaylistSetTable<Item>,
): PlaylistSetService<Item> {
  const { table, timeColumn } = set;
  return {
    async list(userId, page) {
      const after = decodeCursor(page.cursor, ["n", "u"] as const);
      const args: unknown[] = [userId, page.limit + 1];
      let keyset = "";
      if (after) {
        args.push(after[0], after[1]);
        keyset = `AND (x.${timeColumn}, x.id) < (${atMicros("$3")}, $4::uuid)`;
      }
      const rows = (await db.query(
        `SELECT ${PLAYLIST_COLUMNS}, x.${timeColumn} AS saved_at, ${micros(`x.${timeColumn}`)} AS at_micros, x.id AS entry_id
         FROM ${table} x
         JOIN playlists p ON p.id = x.playlist_id
         WHERE x.user_id = $1 ${keyset}
         ORDER BY x.${timeColumn} DESC, x.id DESC LIMIT $2`,
        args,
      )) as Array<PlaylistRow & { saved_at: Date; at_micros: string; entry_id: string }>;
      return toPage(
        rows,
        page.limit,
        (r) => set.toItem(toPlaylistDto(r), iso(r.saved_at)),
        (r) => [Number(r.at_micros), r.entry_id],
      );
    },

    async contains(userId, playlistId) {
      const rows = (await db.query(`SELECT 1 FROM ${table} WHERE user_id = $1 AND playlist_id = $2`, [
        userId,
        playlistId,
      ])) as unknown[];
      return rows.length > 0;
    },

    async add(userId, playlistId) {
      const [row] = (await db.query(
        `WITH playlist AS (SELECT p.id FROM playlists p WHERE p.id = $2 AND ${VISIBLE_PLAYLIST}),
         added AS (
           INSERT INTO ${table} (user_id, playlist_id) SELECT $1, id FROM playlist
           ON CONFLICT (user_id, playlist_id) DO NOTHING RETURNING 1
         )
         SELECT EXISTS (SELECT 1 FROM playlist) AS found`,
        [userId, playlistId],
      )) as Array<{ found: boolean }>;
      return Boolean(row?.found);
    },

    async remove(userId, playlistId) {
      await db.query(`DELETE FROM ${table} WHERE user_id = $1 AND playlist_id = $2`, [userId, playlistId]);
    },
  };
}

export const createLikedPlaylistService = (db: DataSource) =>
  createPlaylistSet<LikedPlaylistDto>(db, {
    table: "liked_playlists",
    timeColumn: "liked_at",
    toItem: (playlist, at) => ({ ...playlist, likedAt: at }),
  });

export const createLibraryPlaylistService = (db: DataSource) =>
  createPlaylistSet<LibraryPlaylistDto>(db, {
    table: "library_playlists",
    timeColumn: "added_at",
    toItem: (playlist, at) => ({ ...playlist, addedAt: at }),
  });
