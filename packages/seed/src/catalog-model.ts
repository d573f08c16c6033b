// Turns the hand-written catalog into rows with stable ids, slugs, media URLs and createdAt values.
import type { SYSTEM_PLAYLIST_IDS } from "@purplebeats/db";
import { slugify, stableUuid } from "./ids.js";
import { must } from "./must.js";

export const GENRES = [
  "Pop",
  "Rock",
  "Electronic",
  "Hip-Hop",
  "Jazz",
  "Classical",
  "Ambient",
  "Lo-Fi",
  "R&B",
] as const;
export type Genre = (typeof GENRES)[number];

export interface SongSource {
  title: string;
  /** 3 for a waltz; 4 otherwise. */
  beatsPerBar?: 3 | 4;
}
export interface AlbumSource {
  title: string;
  releaseDate: string;
  genre: Genre;
  songs: Array<string | SongSource>;
}
export interface ArtistSource {
  name: string;
  bio: string;
  albums: AlbumSource[];
}
export interface PlaylistSource {
  id: (typeof SYSTEM_PLAYLIST_IDS)[number];
  name: string;
  description: string;
  songs: string[];
}

export interface CatalogArtist {
  id: string;
  slug: string;
  name: string;
  bio: string;
  imageUrl: string;
  createdAt: Date;
}
export interface CatalogAlbum {
  id: string;
  slug: string;
  title: string;
  artistId: string;
  artistName: string;
  releaseDate: string;
  genre: Genre;
  imageUrl: string;
  createdAt: Date;
}
export interface CatalogSong {
  id: string;
  slug: string;
  title: string;
  artistId: string;
  artistName: string;
  albumId: string;
  albumTitle: string;
  genre: Genre;
  trackNumber: number;
  beatsPerBar: 3 | 4;
  audioUrl: string;
  imageUrl: string;
  createdAt: Date;
}
export interface CatalogPlaylist {
  id: string;
  name: string;
  description: string;
  imageUrl: string;
  songSlugs: string[];
  createdAt: Date;
}
export interface Catalog {
  genres: readonly Genre[];
  artists: CatalogArtist[];
  albums: CatalogAlbum[];
  songs: CatalogSong[];
  playlists: CatalogPlaylist[];
}

/** Every seeded timestamp is an offset from this instant, so dumps are identical on every run. */
export const CATALOG_EPOCH = new Date("2025-11-20T12:00:00.000Z");
const HOUR = 3_600_000;
/** Songs are spaced this far apart, newest album first: 'New Releases' has a real order. */
const SONG_SPACING = 19 * HOUR;

export const audioUrlFor = (slug: string) => `/media/audio/${slug}.mp3`;
export const coverUrlFor = (slug: string) => `/media/covers/${slug}.webp`;
export const artistImageUrlFor = (slug: string) => `/media/artists/${slug}.webp`;

function assertUnique(kind: string, values: string[]): void {
  const seen = new Set<string>();
  for (const value of values) {
    if (seen.has(value)) throw new Error(`Duplicate ${kind} in the seed catalog: ${value}`);
    seen.add(value);
  }
}

export function buildCatalog(artistSources: ArtistSource[], playlistSources: PlaylistSource[]): Catalog {
  const artists: CatalogArtist[] = [];
  const albums: CatalogAlbum[] = [];
  const songs: CatalogSong[] = [];

  artistSources.forEach((source, index) => {
    const slug = slugify(source.name);
    const artist: CatalogArtist = {
      id: stableUuid(`artist:${slug}`),
      slug,
      name: source.name,
      bio: source.bio,
      imageUrl: artistImageUrlFor(slug),
      createdAt: new Date(CATALOG_EPOCH.getTime() - 90 * 24 * HOUR + index * HOUR),
    };
    artists.push(artist);
    for (const albumSource of source.albums) {
      const albumSlug = slugify(albumSource.title);
      const album: CatalogAlbum = {
        id: stableUuid(`album:${albumSlug}`),
        slug: albumSlug,
        title: albumSource.title,
        artistId: artist.id,
        artistName: artist.name,
        releaseDate: albumSource.releaseDate,
        genre: albumSource.genre,
        imageUrl: coverUrlFor(albumSlug),
        createdAt: CATALOG_EPOCH, // replaced below by its first track's date
      };
      albums.push(album);
      albumSource.songs.forEach((entry, trackIndex) => {
        const songSource = typeof entry === "string" ? { title: entry } : entry;
        const songSlug = slugify(songSource.title);
        songs.push({
          id: stableUuid(`song:${songSlug}`),
          slug: songSlug,
          title: songSource.title,
          artistId: artist.id,
          artistName: artist.name,
          albumId: album.id,
          albumTitle: album.title,
          genre: album.genre,
          trackNumber: trackIndex + 1,
          beatsPerBar: songSource.beatsPerBar ?? 4,
          audioUrl: audioUrlFor(songSlug),
          imageUrl: album.imageUrl, // a song shows its album's cover
          createdAt: CATALOG_EPOCH,
        });
      });
    }
  });

  // Newest release first: rank songs by album release date, then track number.
  const SONG_HAS_ALBUM = "every song belongs to an album of the catalog";
  const releaseOf = new Map(albums.map((album) => [album.id, album.releaseDate]));
  const ranked = [...songs].sort(
    (a, b) =>
      must(releaseOf.get(b.albumId), SONG_HAS_ALBUM).localeCompare(
        must(releaseOf.get(a.albumId), SONG_HAS_ALBUM),
      ) ||
      a.trackNumber - b.trackNumber ||
      a.slug.localeCompare(b.slug),
  );
  ranked.forEach((song, rank) => {
    song.createdAt = new Date(CATALOG_EPOCH.getTime() - rank * SONG_SPACING);
  });
  for (const album of albums) {
    album.createdAt = must(
      songs.find((song) => song.albumId === album.id && song.trackNumber === 1),
      "every album has a track 1",
    ).createdAt;
  }

  const songSlugs = new Set(songs.map((song) => song.slug));
  const playlists: CatalogPlaylist[] = playlistSources.map((source) => {
    for (const slug of source.songs) {
      if (!songSlugs.has(slug)) throw new Error(`Playlist ${source.id} names an unknown song: ${slug}`);
    }
    return {
      id: source.id,
      name: source.name,
      description: source.description,
      imageUrl: coverUrlFor(source.id),
      songSlugs: source.songs,
      createdAt: CATALOG_EPOCH,
    };
  });

  assertUnique(
    "artist",
    artists.map((a) => a.slug),
  );
  assertUnique(
    "song",
    songs.map((s) => s.slug),
  );
  // Album and playlist covers share the covers folder.
  assertUnique("cover", [...albums.map((a) => a.slug), ...playlists.map((p) => p.id)]);
  for (const playlist of playlists) assertUnique(`song in ${playlist.id}`, playlist.songSlugs);

  return { genres: GENRES, artists, albums, songs, playlists };
}
