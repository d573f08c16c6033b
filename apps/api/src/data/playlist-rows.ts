import type { PlaylistDto } from "@purplebeats/contracts";

export const PLAYLIST_COLUMNS = `p.id, p.name, p.description, p.image_url, p.is_public, p.song_count, p.created_by, p.created_at`;

export interface PlaylistRow {
  id: string;
  name: string;
  description: string | null;
  image_url: string | null;
  is_public: boolean;
  song_count: number;
  created_by: string;
  created_at: Date;
}

export function toPlaylistDto(row: PlaylistRow): PlaylistDto {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    imageUrl: row.image_url,
    isPublic: row.is_public,
    songCount: Number(row.song_count),
    createdBy: row.created_by,
    createdAt: new Date(row.created_at).toISOString(),
  };
}
