// A small in-memory catalog for screen tests, shaped like the API's responses.
import type {
  AlbumDto,
  ArtistRef,
  PlaylistDetailDto,
  PlaylistDto,
  PlaylistSongDto,
  SongDto,
} from "@purplebeats/contracts/schemas";

const uuid = (kind: number, n: number) => `00000000-0000-4000-8${kind}00-${String(n).padStart(12, "0")}`;

export function artist(n: number, overrides: Partial<ArtistRef> = {}): ArtistRef {
  return { id: uuid(1, n), name: `Artist ${n}`, imageUrl: null, ...overrides };
}

export function song(n: number, overrides: Partial<SongDto> = {}): SongDto {
  const by = artist(n);
  return {
    id: uuid(2, n),
    title: `Song ${n}`,
    duration: 180 + n,
    audioUrl: `/media/song-${n}.mp3`,
    imageUrl: null,
    genre: "Pop",
    trackNumber: null,
    playCount: 0,
    lastPlayed: null,
    createdAt: "2025-01-01T00:00:00.000Z",
    artistId: by.id,
    albumId: null,
    artist: by,
    album: null,
    ...overrides,
  };
}

export function album(n: number, overrides: Partial<AlbumDto> = {}): AlbumDto {
  return {
    id: uuid(3, n),
    title: `Album ${n}`,
    imageUrl: null,
    artist: artist(1),
    year: 2020 + n,
    releaseDate: `${2020 + n}-01-01`,
    compilation: false,
    membersOnly: false,
    songCount: 3,
    duration: 600,
    ...overrides,
  };
}

export function songs(count: number, from = 1, overrides: Partial<SongDto> = {}): SongDto[] {
  return Array.from({ length: count }, (_, index) => song(from + index, overrides));
}

export function playlist(n: number, overrides: Partial<PlaylistDto> = {}): PlaylistDto {
  return {
    id: `playlist-${n}`,
    name: `Playlist ${n}`,
    description: `Description ${n}`,
    imageUrl: null,
    isPublic: true,
    songCount: 10 + n,
    owner: { name: "Someone", handle: "someone" },
    createdAt: "2025-01-01T00:00:00.000Z",
    ...overrides,
  };
}

/** `isOwn`: whether the signed-in caller made it (someone else's unless told). */
export function playlistDetail(
  n: number,
  tracks: SongDto[],
  { isOwn = false, ...overrides }: Partial<PlaylistDto> & { isOwn?: boolean } = {},
): PlaylistDetailDto {
  const withPositions: PlaylistSongDto[] = tracks.map((track, index) => ({ ...track, position: index + 1 }));
  return { ...playlist(n, { songCount: tracks.length, ...overrides }), songs: withPositions, isOwn };
}

export function page<T>(items: T[], nextCursor: string | null = null) {
  return { items, nextCursor };
}
