// Per-user likes and the library: liked songs, liked playlists, library playlists.
// Adding twice keeps one row (the unique keys and ON CONFLICT DO NOTHING); removing twice is fine.
// The pages are hand-written keyset reads (data/likes.ts); the rest goes through the entities.
import type { DataSource, EntityTarget } from "typeorm";
import type {
  LibraryPlaylistDto,
  LikedPlaylistDto,
  LikedSongDto,
  LikedSongService,
  PlaylistDto,
  PlaylistSetService,
} from "@purplebeats/contracts";
import { LibraryPlaylist, LikedPlaylist, LikedSong, Playlist } from "@purplebeats/db";
import { decodeCursor, toPage } from "../infra/lib/cursor.js";
import { isShownSong, toSongDto } from "../data/song-rows.js";
import { toPlaylistDto } from "../data/playlist-rows.js";
import { likedSongCount, likedSongsPage, savedPlaylistsPage, type PlaylistSetTable } from "../data/likes.js";
import { isForeignKeyViolation } from "../data/pg-errors.js";
import { visiblePlaylistWhere } from "../data/playlist-visibility.js";

const iso = (d: Date | string) => new Date(d).toISOString();

/**
 * Inserts a user's row unless it is there (ON CONFLICT DO NOTHING). Answers false when the song or
 * playlist it refers to was deleted after the caller found it (the foreign key refuses the row).
 */
async function insertOnce(db: DataSource, target: EntityTarget<object>, values: object): Promise<boolean> {
  try {
    await db.createQueryBuilder().insert().into(target).values(values).orIgnore().execute();
    return true;
  } catch (error) {
    if (isForeignKeyViolation(error)) return false;
    throw error;
  }
}

export function createLikedSongService(db: DataSource): LikedSongService {
  const likes = db.getRepository(LikedSong);
  return {
    async list(userId, page) {
      const after = decodeCursor(page.cursor, ["n", "u"] as const);
      const rows = await likedSongsPage(db, userId, page.limit + 1, after);
      return toPage(
        rows,
        page.limit,
        (r): LikedSongDto => ({ ...toSongDto(r), likedAt: iso(r.liked_at) }),
        (r) => [Number(r.at_micros), r.like_id],
      );
    },

    count: (userId) => likedSongCount(db, userId),

    isLiked: (userId, songId) => likes.existsBy({ userId, songId }),

    async like(userId, songId) {
      if (!(await isShownSong(db, songId))) return false;
      return insertOnce(db, LikedSong, { userId, songId });
    },

    async unlike(userId, songId) {
      await likes.delete({ userId, songId });
    },
  };
}

interface PlaylistSet<Item extends PlaylistDto> extends PlaylistSetTable {
  entity: typeof LikedPlaylist | typeof LibraryPlaylist;
  toItem(playlist: PlaylistDto, at: string): Item;
}

function createPlaylistSet<Item extends PlaylistDto>(
  db: DataSource,
  set: PlaylistSet<Item>,
): PlaylistSetService<Item> {
  const entries = db.getRepository(set.entity);
  const playlists = db.getRepository(Playlist);
  return {
    async list(userId, page) {
      const after = decodeCursor(page.cursor, ["n", "u"] as const);
      const rows = await savedPlaylistsPage(db, set, userId, page.limit + 1, after);
      return toPage(
        rows,
        page.limit,
        (r) => set.toItem(toPlaylistDto(r), iso(r.saved_at)),
        (r) => [Number(r.at_micros), r.entry_id],
      );
    },

    contains: (userId, playlistId) => entries.existsBy({ userId, playlistId }),

    async add(userId, playlistId) {
      if (!(await playlists.existsBy(visiblePlaylistWhere(playlistId, { id: userId })))) return false;
      return insertOnce(db, set.entity, { userId, playlistId });
    },

    async remove(userId, playlistId) {
      await entries.delete({ userId, playlistId });
    },
  };
}

export const createLikedPlaylistService = (db: DataSource) =>
  createPlaylistSet<LikedPlaylistDto>(db, {
    entity: LikedPlaylist,
    table: "liked_playlists",
    timeColumn: "liked_at",
    toItem: (playlist, at) => ({ ...playlist, likedAt: at }),
  });

export const createLibraryPlaylistService = (db: DataSource) =>
  createPlaylistSet<LibraryPlaylistDto>(db, {
    entity: LibraryPlaylist,
    table: "library_playlists",
    timeColumn: "added_at",
    toItem: (playlist, at) => ({ ...playlist, addedAt: at }),
  });
