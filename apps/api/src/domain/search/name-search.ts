// The suggestions' names: playlists, artists and albums whose folded names (search-fold.ts) hold the text,
// all read in one statement, one round trip on one connection.
//
// Each section is ranked in stages, a later stage read only while the section is short (a gate the
// statement evaluates once, before reading a later stage's index):
//  0. names holding the text as typed: the exact name first, then names starting with it, then by
//     similarity; at most NAME_CANDIDATES rows read, so a common word costs no more than a rare one;
//  1-2. names holding its corrections (search-dictionary.ts), ranked the same way;
//  3. when no word needed a correction, names alike to it by trigrams (a word the catalog does not know
//     was corrected to the catalog's words: a likeness search would only repeat that);
//  4. albums only: the newest albums of the first artists found.
// A name found by an earlier stage keeps its place there; each section keeps to the limit.
import type { DataSource } from "typeorm";
import type { PlaylistRow } from "../../data/playlist-rows.js";
import type { AlbumNameRow } from "../../data/albums.js";
import {
  ALBUM_ARTISTS,
  NAME_KINDS,
  namesByIndex,
  newestAlbums,
  shortNames,
  type Kind,
  type NameRow,
} from "../../data/search/names.js";
import type { SongSearch } from "./catalog-search.js";
import { foldQuery } from "./search-fold.js";

export interface ArtistNameRow {
  id: string;
  name: string;
  image_url: string | null;
}

export interface SuggestedNames {
  playlists: PlaylistRow[];
  artists: ArtistNameRow[];
  albums: AlbumNameRow[];
}

export interface NameSearch {
  /** The playlists, artists and albums suggested for the text, each at most `limit`, best first. */
  suggest(text: string, limit: number): Promise<SuggestedNames>;
}

export function createNameSearch(db: DataSource, songSearch: SongSearch): NameSearch {
  return {
    async suggest(text, limit) {
      const folded = foldQuery(text);
      if (!folded) return { playlists: [], artists: [], albums: [] };
      const corrections = await songSearch.corrected(folded);
      // Trigram matches are rare enough to read from the indexes, all in one statement.
      if (folded.length >= 3) {
        return sections(await namesByIndex(songSearch.withBitmaps, folded, corrections, limit), limit);
      }
      // A short text is matched in a bounded scan of each table (thousands of names folded): one
      // statement each, so that they run side by side, and the matching artists' albums after them.
      const found = sections(
        (await Promise.all(NAME_KINDS.map((kind) => shortNames(db, folded, limit, kind)))).flat(),
        limit,
      );
      if (found.albums.length >= limit || found.artists.length === 0) return found;
      const artists = found.artists.slice(0, ALBUM_ARTISTS).map((a) => a.id);
      const more = sections(await newestAlbums(db, artists, limit), limit);
      const seen = new Set(found.albums.map((a) => a.id));
      return {
        ...found,
        albums: [...found.albums, ...more.albums.filter((a) => !seen.has(a.id))].slice(0, limit),
      };
    },
  };
}

/** Each section's rows in stage order, a name once (at its first place), at most `limit`. */
function sections(rows: NameRow[], limit: number): SuggestedNames {
  const lists: Record<Kind, NameRow[]> = { playlists: [], artists: [], albums: [] };
  const seen: Record<Kind, Set<string>> = { playlists: new Set(), artists: new Set(), albums: new Set() };
  const sorted = [...rows].sort((a, b) => a.stage - b.stage || Number(a.pos) - Number(b.pos));
  for (const row of sorted) {
    const list = lists[row.kind];
    if (list.length >= limit || seen[row.kind].has(row.id)) continue;
    seen[row.kind].add(row.id);
    list.push(row);
  }
  return {
    playlists: lists.playlists,
    artists: lists.artists.map((r) => ({ id: r.id, name: r.name, image_url: r.image_url })),
    albums: lists.albums.map((r) => ({
      id: r.id,
      title: r.name,
      image_url: r.image_url,
      artist_id: r.artist_id,
      artist_name: r.artist_name,
      artist_image_url: r.artist_image_url,
    })),
  };
}
