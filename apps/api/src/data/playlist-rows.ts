import type { PlaylistDto } from "@purplebeats/contracts";
import { SYSTEM_USER_ID } from "@purplebeats/db";

/** The name a playlist's owner shows (their profile's; PurpleBeats for the editorial ones), as owner_name. */
export const ownerNameColumn = (createdBy: string) =>
  `CASE WHEN ${createdBy} = '${SYSTEM_USER_ID}' THEN 'PurpleBeats'
        ELSE coalesce((SELECT pr.name FROM profiles pr WHERE pr.user_id = ${createdBy}), 'A listener') END AS owner_name`;

/** The owner's handle, for a link to their profile (null for the editorial ones), as owner_handle. */
export const ownerHandleColumn = (createdBy: string) =>
  `(SELECT pr.handle FROM profiles pr WHERE pr.user_id = ${createdBy}) AS owner_handle`;

export const PLAYLIST_COLUMNS = `p.id, p.name, p.description, p.image_url, p.is_public, p.song_count, p.created_by, p.created_at, ${ownerNameColumn("p.created_by")}, ${ownerHandleColumn("p.created_by")}`;

export interface PlaylistRow {
  id: string;
  name: string;
  description: string | null;
  image_url: string | null;
  is_public: boolean;
  song_count: number;
  /** Read to decide who may see and edit it; never sent (toPlaylistDto). */
  created_by: string;
  created_at: Date;
  owner_name: string;
  /** Absent where a statement reads no handle (search suggestions name the owner only). */
  owner_handle?: string | null;
}

/** The playlist as anyone may see it: its owner by name, not by uid. */
export function toPlaylistDto(row: PlaylistRow): PlaylistDto {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    imageUrl: row.image_url,
    isPublic: row.is_public,
    songCount: Number(row.song_count),
    owner: { name: row.owner_name, handle: row.owner_handle ?? null },
    createdAt: new Date(row.created_at).toISOString(),
  };
}
