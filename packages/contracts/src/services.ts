// What the procedures need from the server. The API implements these; tests may too.
import type {
  ArtistRef,
  Page,
  PageInput,
  PlaylistDetailDto,
  PlaylistDto,
  SearchResultDto,
  SongDto,
} from "./schemas/index.js";

export interface CatalogService {
  listSongs(page: PageInput): Promise<Page<SongDto>>;
  recentlyPlayed(userId: string | null, page: PageInput): Promise<Page<SongDto>>;
  trending(page: PageInput): Promise<Page<SongDto>>;
  genres(): Promise<string[]>;
  songsByGenre(genre: string, page: PageInput): Promise<Page<SongDto>>;
  searchSongs(q: string, page: PageInput): Promise<Page<SongDto>>;
  search(q: string, limit: number): Promise<SearchResultDto>;
  listPlaylists(page: PageInput): Promise<Page<PlaylistDto>>;
  playlist(id: string): Promise<PlaylistDetailDto | null>;
  artist(id: string): Promise<ArtistRef | null>;
  /** Counts a play and, for a known caller, adds it to their history. False when the song does not exist. */
  recordPlay(songId: string, userId: string | null): Promise<boolean>;
}

export interface Services {
  catalog: CatalogService;
}
