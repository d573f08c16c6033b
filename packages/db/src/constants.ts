/** The account that owns the seeded catalog and the system playlists. Not a listener. */
export const SYSTEM_USER_ID = "purplebeats";

/** SPEC.md section 3: playlists users can never edit. */
export const SYSTEM_PLAYLIST_IDS = [
  "discover-weekly",
  "daily-mix-1",
  "chill-ambient",
  "electronic-energy",
  "purple-vibes",
] as const;

export const isSystemPlaylistId = (id: string): boolean =>
  (SYSTEM_PLAYLIST_IDS as readonly string[]).includes(id);
