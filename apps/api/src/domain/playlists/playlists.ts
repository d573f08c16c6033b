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
import { isSystemPlaylistId, Playlist, PlaylistSong, SYSTEM_USER_ID } from "@purplebeats/db";
import { decodeCursor, toPage } from "../../infra/lib/cursor.js";
import type { CatalogCaches } from "../../infra/cache/catalog-cache.js";
import { ourPictureUrl, type ObjectUrlResolver } from "../uploads/uploads.js";
import { playlistRow, toPlaylistDto } from "../../data/playlist-rows.js";
import { isShownSong } from "../../data/song-rows.js";
import { visiblePlaylistWhere } from "../../data/playlist-visibility.js";
import {
  appendSongs,
  collectedPlaylistsPage,
  distinctSongCount,
  ownedPlaylistsPage,
  setPositions,
  songsMissingFrom,
  unshownSongsOf,
} from "../../data/playlists.js";
import { lockRow } from "../../data/locks.js";
import { must } from "../../data/must.js";

const notFound = (what: "Playlist" | "Song") =>
  new TRPCError({ code: "NOT_FOUND", message: `${what} not found` });
const forbidden = (message: string) => new TRPCError({ code: "FORBIDDEN", message });
const SYSTEM_PLAYLIST = "System playlists cannot be edited";
const NOT_OWNER = "Only the playlist's owner can change it";

/** The playlist as its owner is sent it after a change, read in the change's transaction (or after it). */
async function readDto(db: Pick<EntityManager, "query">, id: string): Promise<PlaylistDto> {
  return toPlaylistDto(must(await playlistRow(db, id), "the playlist was just written"));
}

/** Moves the positions of a playlist's songs matching `where` to `to` (SQL over `position`). */
const movePositions = (tx: EntityManager, playlistId: string, to: string, where = "TRUE", after = 0) =>
  tx
    .createQueryBuilder()
    .update(PlaylistSong)
    .set({ position: () => to })
    .where(`playlist_id = :playlistId AND ${where}`, { playlistId, after })
    .execute();

export function createPlaylistService(
  db: DataSource,
  objects: ObjectUrlResolver,
  caches: CatalogCaches,
): PlaylistService {
  const playlists = db.getRepository(Playlist);

  /**
   * Runs `change` in a transaction holding the lock on a playlist the caller owns.
   * 404 when there is no such playlist; 403 for system playlists and other users' playlists.
   * Inside, only `tx` may be used: on PGlite the transaction holds the one connection.
   */
  async function withOwnedPlaylist<T>(
    userId: string,
    playlistId: string,
    change: (tx: EntityManager, playlist: Playlist) => Promise<T>,
  ): Promise<T> {
    // The id alone decides: no lock is taken on a system playlist.
    if (isSystemPlaylistId(playlistId)) throw forbidden(SYSTEM_PLAYLIST);
    const result = await db.transaction(async (tx) => {
      const playlist = await lockRow(tx, Playlist, "locked.id = :playlistId", { playlistId });
      if (!playlist) throw notFound("Playlist");
      // Editorial playlists (the system account's) are the admins' to change, on the dashboard.
      if (playlist.createdBy !== userId)
        throw forbidden(playlist.createdBy === SYSTEM_USER_ID ? SYSTEM_PLAYLIST : NOT_OWNER);
      const changed = await change(tx, playlist);
      // Readers serve copies cached under the revision (playlist-detail.ts): it moves with the change.
      await tx.increment(Playlist, { id: playlistId }, "revision", 1);
      return changed;
    });
    // After the commit, so that no read can cache the playlist as it was.
    caches.changed({ playlistId });
    return result;
  }

  async function setSongCount(tx: EntityManager, playlistId: string, delta: number): Promise<PlaylistDto> {
    await tx.increment(Playlist, { id: playlistId }, "songCount", delta);
    return readDto(tx, playlistId);
  }

  const tooManySongs = () =>
    new TRPCError({ code: "CONFLICT", message: `A playlist can hold at most ${PLAYLIST_MAX_SONGS} songs` });

  return {
    async listCollected(userId, page) {
      const after = decodeCursor(page.cursor, ["n", "s"] as const);
      const rows = await collectedPlaylistsPage(db, userId, page.limit + 1, after);
      return toPage(rows, page.limit, toPlaylistDto, (r) => [Number(r.at_micros), r.id]);
    },

    async listOwned(userId, page) {
      const after = decodeCursor(page.cursor, ["n", "s"] as const);
      const rows = await ownedPlaylistsPage(db, userId, page.limit + 1, after);
      return toPage(rows, page.limit, toPlaylistDto, (r) => [Number(r.at_micros), r.id]);
    },

    async create(userId, input) {
      const imageUrl = await ourPictureUrl(objects, userId, input.imageUrl);
      const row = await playlists.save(
        playlists.create({
          id: randomUUID(),
          name: input.name,
          description: input.description,
          imageUrl,
          isPublic: input.isPublic,
          createdBy: userId,
        }),
      );
      caches.changed({ playlistId: row.id });
      return readDto(db, row.id);
    },

    async update(userId, playlistId, changes) {
      const imageUrl =
        changes.imageUrl === undefined ? undefined : await ourPictureUrl(objects, userId, changes.imageUrl);
      return withOwnedPlaylist(userId, playlistId, async (tx, playlist) => {
        // SPEC.md section 5: a rename must change the name (alongside other changes, an unchanged name is just kept).
        const renameOnly =
          imageUrl === undefined && changes.description === undefined && changes.isPublic === undefined;
        if (renameOnly && changes.name === playlist.name) {
          throw new TRPCError({ code: "BAD_REQUEST", message: PLAYLIST_NAME_UNCHANGED });
        }
        const set: Pick<Partial<Playlist>, "name" | "imageUrl" | "description" | "isPublic"> = {};
        if (changes.name !== undefined) set.name = changes.name;
        if (imageUrl !== undefined) set.imageUrl = imageUrl;
        if (changes.description !== undefined) set.description = changes.description;
        // Private: every read that lists or opens playlists keeps it to its owner (data/playlist-visibility.ts).
        if (changes.isPublic !== undefined) set.isPublic = changes.isPublic;
        if (Object.keys(set).length > 0) await tx.update(Playlist, { id: playlistId }, set);
        return readDto(tx, playlistId);
      });
    },

    async remove(userId, playlistId) {
      await withOwnedPlaylist(userId, playlistId, (tx) => tx.delete(Playlist, { id: playlistId }));
    },

    async addSong(userId, playlistId, songId) {
      return withOwnedPlaylist(userId, playlistId, async (tx, playlist) => {
        if (!(await isShownSong(tx, songId))) throw notFound("Song");
        if (await tx.existsBy(PlaylistSong, { playlistId, songId }))
          throw new TRPCError({ code: "CONFLICT", message: "This song is already in the playlist" });
        const count = Number(playlist.songCount);
        if (count >= PLAYLIST_MAX_SONGS) throw tooManySongs();
        const position = count + 1;
        await tx.insert(PlaylistSong, { playlistId, songId, position });
        const updated = await setSongCount(tx, playlistId, 1);
        return { playlistId, songId, position, songCount: updated.songCount };
      });
    },

    async removeSong(userId, playlistId, songId) {
      return withOwnedPlaylist(userId, playlistId, async (tx) => {
        const removed = await tx.findOneBy(PlaylistSong, { playlistId, songId });
        if (!removed) throw new TRPCError({ code: "NOT_FOUND", message: "This song is not in the playlist" });
        await tx.delete(PlaylistSong, { id: removed.id });
        // Close the gap in two steps: (playlist_id, position) is unique and checked row by row,
        // so the later songs first move out of the way (negative), then land one place earlier.
        await movePositions(tx, playlistId, "-position", "position > :after", removed.position);
        await movePositions(tx, playlistId, "-position - 1", "position < 0");
        return setSongCount(tx, playlistId, -1);
      });
    },

    async reorder(userId, playlistId, songIds) {
      return withOwnedPlaylist(userId, playlistId, async (tx, playlist) => {
        const current = await tx.find(PlaylistSong, { where: { playlistId }, select: { songId: true } });
        // The owner orders the songs they see; songs taken down (not shown) follow them, in their order.
        const unshown = (await unshownSongsOf(tx, playlistId)).filter((id) => !songIds.includes(id));
        const order = [...songIds, ...unshown];
        const wanted = new Set(order);
        const isPermutation =
          wanted.size === order.length &&
          order.length === current.length &&
          current.every((row) => wanted.has(row.songId));
        if (!isPermutation) {
          throw new TRPCError({
            code: "BAD_REQUEST",
            message: "songIds must list every song of the playlist exactly once",
          });
        }
        await movePositions(tx, playlistId, "-position");
        await setPositions(tx, playlistId, order);
        return readDto(tx, playlist.id);
      });
    },

    async copySongs(userId, playlistId, sourceId) {
      if (playlistId === sourceId) {
        throw new TRPCError({
          code: "BAD_REQUEST",
          message: "Choose a different playlist to add these songs to",
        });
      }
      if (!(await playlists.existsBy(visiblePlaylistWhere(sourceId, { id: userId }))))
        throw notFound("Playlist");
      return withOwnedPlaylist(userId, playlistId, async (tx, playlist) => {
        const count = Number(playlist.songCount);
        const missing = await songsMissingFrom(tx, playlistId, sourceId);
        const total = await distinctSongCount(tx, sourceId);
        if (count + missing.length > PLAYLIST_MAX_SONGS) throw tooManySongs();
        if (missing.length > 0) await appendSongs(tx, playlistId, missing, count);
        const updated = await setSongCount(tx, playlistId, missing.length);
        return {
          playlistId,
          added: missing.length,
          skipped: total - missing.length,
          songCount: updated.songCount,
        };
      });
    },
  };
}
