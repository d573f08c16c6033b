// A playlist with its songs, as GET /api/playlists/{id} answers it.
//
// A listener's playlist is served from memory while it is unchanged: every change to a playlist or its
// songs bumps playlists.revision in the same transaction (playlists.ts), and each read first asks the
// database for the playlist's row (one indexed lookup, shared by the concurrent reads of a round, see
// BatchedLookup), then serves the copy cached under (id, revision, owner). A change made through any API
// instance is read back at once by every instance, with no invalidation traffic. Every read, cached or not,
// answers null to a caller who may not see the playlist (canSeePlaylist), checked on the fresh row.
// Song details inside (titles, play counts) may lag by CATALOG_TTL_MS, as in every catalog read.
import type { DataSource } from "typeorm";
import type { PlaylistDetailDto } from "@purplebeats/contracts";
import { toSongDto } from "../../data/song-rows.js";
import {
  playlistHeads,
  playlistRow,
  playlistSongs,
  toPlaylistDto,
  type PlaylistHeadRow,
  type PlaylistRow,
} from "../../data/playlist-rows.js";
import { canSeePlaylist } from "../../data/playlist-visibility.js";
import { BatchedLookup } from "../../infra/cache/batched-lookup.js";
import { CATALOG_TTL_MS, KEYS } from "../../infra/cache/catalog-cache.js";
import type { ResponseCache } from "../../infra/cache/response-cache.js";
import { preparedQuery } from "../../data/prepared-query.js";

/** A playlist detail carries its songs inline (SPEC.md); this bounds it. */
export const MAX_PLAYLIST_SONGS = 500;

const visibleTo = (head: PlaylistRow, viewerId: string | null) =>
  canSeePlaylist(
    { isPublic: head.is_public, createdBy: head.created_by },
    viewerId === null ? null : { id: viewerId },
  );

/**
 * `viewerId`: the caller, told whether the playlist is theirs (isOwn); never the owner's uid. Null when
 * there is no such playlist or the caller may not see it.
 */
export interface PlaylistReader {
  /** The playlist as it is now, without any cache. */
  load(id: string, viewerId: string | null): Promise<PlaylistDetailDto | null>;
  /** The playlist as it is now, its songs from the revision cache. */
  read(id: string, viewerId: string | null): Promise<PlaylistDetailDto | null>;
}

/** `cache`: the server's cache of listeners' playlists (CatalogCaches.playlists). */
export function createPlaylistReader(db: DataSource, cache: ResponseCache): PlaylistReader {
  const prepared = preparedQuery(db);
  const heads = new BatchedLookup<string, PlaylistHeadRow>(async (ids) => {
    const rows = await playlistHeads(prepared, ids);
    return new Map(rows.map((r) => [r.id, r]));
  });

  async function withSongs(head: PlaylistRow, isOwn: boolean): Promise<PlaylistDetailDto> {
    const songs = await playlistSongs(prepared, head.id, MAX_PLAYLIST_SONGS);
    const dto = toPlaylistDto(head);
    return {
      ...dto,
      // The songs it shows (a song taken down is not one of them), counted where they were all read: a shared
      // link's preview says so too. The stored count, which places the next song added, counts every row.
      songCount: songs.length < MAX_PLAYLIST_SONGS ? songs.length : dto.songCount,
      isOwn,
      songs: songs.map((s) => ({ ...toSongDto(s), position: Number(s.position) })),
    };
  }

  return {
    async load(id, viewerId) {
      const head = await playlistRow(db, id);
      return head && visibleTo(head, viewerId) ? withSongs(head, head.created_by === viewerId) : null;
    },

    async read(id, viewerId) {
      const head = await heads.get(id);
      if (!head || !visibleTo(head, viewerId)) return null;
      // The owner and their name are part of the key: a guest's playlists move to their Pi account, and a
      // profile is renamed, without a new revision. The owner's copy says isOwn, everyone else's does not.
      const isOwn = head.created_by === viewerId;
      const owner = `${head.created_by}:${head.owner_name}`;
      return cache.get(`${KEYS.playlist(id)}:${head.revision}:${owner}:${isOwn ? "own" : "other"}`, {
        ttl: CATALOG_TTL_MS,
        perCaller: true,
        load: () => withSongs(head, isOwn),
      });
    },
  };
}
