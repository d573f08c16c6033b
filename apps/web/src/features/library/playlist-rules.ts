// SPEC.md section 5's playlist rules in the dialogs, from the API contract's constants (the zod-free
// entry, so the schemas stay out of the browser).
import {
  PLAYLIST_DESCRIPTION_MAX,
  PLAYLIST_DESCRIPTION_TOO_LONG,
  PLAYLIST_NAME_MAX,
  PLAYLIST_NAME_REQUIRED,
  PLAYLIST_NAME_TOO_LONG,
  PLAYLIST_NAME_UNCHANGED,
  SYSTEM_PLAYLIST_IDS,
} from "@purplebeats/contracts/constants";

/** SPEC.md section 5 ('Image upload'): playlist pictures up to 5 MB. */
export const PLAYLIST_IMAGE_MAX_MB = 5;

export interface NewPlaylistErrors {
  name?: string;
  description?: string;
}

/** The create dialog's checks, with the API's messages; an empty object means the form may be sent. */
export function validateNewPlaylist(name: string, description: string): NewPlaylistErrors {
  const errors: NewPlaylistErrors = {};
  const trimmed = name.trim();
  if (trimmed.length === 0) errors.name = PLAYLIST_NAME_REQUIRED;
  else if (trimmed.length > PLAYLIST_NAME_MAX) errors.name = PLAYLIST_NAME_TOO_LONG;
  if (description.trim().length > PLAYLIST_DESCRIPTION_MAX)
    errors.description = PLAYLIST_DESCRIPTION_TOO_LONG;
  return errors;
}

/** SPEC.md section 5 'Rename playlist': the trimmed name must be non-empty and differ from the current one. */
export function renameProblem(next: string, current: string): string | null {
  const trimmed = next.trim();
  if (trimmed.length === 0) return PLAYLIST_NAME_REQUIRED;
  if (trimmed.length > PLAYLIST_NAME_MAX) return PLAYLIST_NAME_TOO_LONG;
  if (trimmed === current.trim()) return PLAYLIST_NAME_UNCHANGED;
  return null;
}

export const isSystemPlaylist = (id: string) => SYSTEM_PLAYLIST_IDS.includes(id);

/**
 * Songs may be added only to one's own playlists, never to a system one (the API refuses the rest).
 * Whether it is one's own the server says (isOwn); a list of one's own playlists passes true.
 */
export const mayAddSongsTo = (playlist: { id: string; isOwn: boolean }) =>
  playlist.isOwn && !isSystemPlaylist(playlist.id);
