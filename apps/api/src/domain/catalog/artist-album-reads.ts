// The artist and album pages' reads: an artist's most played songs, its albums and the albums
// of others it appears on, and an album with its tracks. Hidden and unavailable songs never appear, and
// an album none of whose songs a listener can see is not shown at all.
import type { DataSource } from "typeorm";
import type { AlbumDto, CatalogService, Page, PageInput, SongDto } from "@purplebeats/contracts";
import { decodeCursor, toPage } from "../../infra/lib/cursor.js";
import {
  albumById,
  albumShown,
  albumSongs,
  artistAlbumsPage,
  artistExists,
  type AlbumRow,
} from "../../data/albums.js";
import { songsByListeners } from "../../data/catalog-reads.js";
import { toSongDto } from "../../data/song-rows.js";

type Reads = Pick<
  CatalogService,
  "artistTopSongs" | "artistAlbums" | "artistAppearsOn" | "album" | "albumSongs"
>;

function toAlbumDto(row: AlbumRow): AlbumDto {
  return {
    id: row.id,
    title: row.title,
    imageUrl: row.image_url,
    artist:
      row.artist_id === null || row.artist_name === null
        ? null
        : { id: row.artist_id, name: row.artist_name, imageUrl: row.artist_image_url },
    year: row.year === null ? null : Number(row.year),
    releaseDate: row.release_date,
    compilation: row.compilation,
    membersOnly: row.members_only,
    songCount: Number(row.song_count),
    duration: Number(row.duration),
  };
}

export function createArtistAlbumReads(db: DataSource): Reads {
  /** Albums newest first, keyset-paged on (sort_day, id); null when there is no such artist. */
  async function albumsNewestFirst(artistId: string, appearsOn: boolean, page: PageInput) {
    const after = decodeCursor(page.cursor, ["n", "u"] as const);
    const [found, rows] = await Promise.all([
      artistExists(db, artistId),
      artistAlbumsPage(db, artistId, appearsOn, page.limit + 1, after),
    ]);
    if (!found) return null;
    return toPage(rows, page.limit, toAlbumDto, (r) => [Number(r.sort_day), r.id]);
  }

  return {
    async artistTopSongs(artistId, page): Promise<Page<SongDto> | null> {
      const after = decodeCursor(page.cursor, ["n", "n", "u"] as const);
      // Ranked as trending: distinct listeners first, then counted plays.
      const [found, rows] = await Promise.all([
        artistExists(db, artistId),
        songsByListeners(db, page.limit + 1, after, artistId),
      ]);
      if (!found) return null;
      return toPage(rows, page.limit, toSongDto, (r) => [
        Number(r.listener_count),
        Number(r.play_count),
        r.id,
      ]);
    },

    artistAlbums: (artistId, page) => albumsNewestFirst(artistId, false, page),

    // Compilations and others' albums holding a listed song of the artist.
    artistAppearsOn: (artistId, page) => albumsNewestFirst(artistId, true, page),

    async album(id) {
      const row = await albumById(db, id);
      return row && row.song_count > 0 ? toAlbumDto(row) : null;
    },

    async albumSongs(albumId, page) {
      // Offset-paged: an album's tracks are few, and disc and track numbers may be missing or repeat.
      const offset = decodeCursor(page.cursor, ["n"] as const)?.[0] ?? 0;
      const [found, rows] = await Promise.all([
        albumShown(db, albumId),
        albumSongs(db, albumId, page.limit + 1, offset),
      ]);
      if (!found) return null;
      return toPage(rows, page.limit, toSongDto, () => [offset + page.limit]);
    },
  };
}
