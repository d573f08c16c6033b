// Every table that holds a listener's personal data, as one list of sections: "Download my data" exports
// each section under its name, "Delete my account" erases them in this order. A table added later holds
// personal data only once it is listed here, with its export and erase (`exportXxx(db, userId)`,
// `eraseXxx(db, userId)` in its own data/ module).
import type { Queryable } from "./sql.js";
import {
  eraseAccount,
  eraseAdminTokens,
  eraseFollows,
  eraseLibrary,
  eraseLikedPlaylists,
  eraseLikedSongs,
  eraseMembership,
  erasePayments,
  erasePlaylists,
  erasePlays,
  eraseProfile,
  eraseSessions,
  eraseUploads,
  exportAccount,
  exportAdminTokens,
  exportFollows,
  exportLibrary,
  exportListenedSongs,
  exportLikedPlaylists,
  exportLikedSongs,
  exportMembership,
  exportPayments,
  exportPlaylists,
  exportPlays,
  exportProfile,
  exportSessions,
  exportUploads,
} from "./listener-data.js";
import { eraseAdRewards, exportAdRewards } from "./ad-rewards.js";
import { eraseNotifications, exportNotifications } from "./notifications.js";
import { eraseSupportRequests, exportSupportRequests } from "./support.js";
import { eraseSongReports, exportSongReports } from "./song-reports.js";
import { eraseArtistAccounts, exportArtistAccounts } from "./artists.js";
import { erasePayouts, exportPayouts } from "./artist-payouts.js";

export interface PersonalDataSection {
  /** The section's key in the export. */
  name: string;
  /** What the section holds about the user, as plain JSON-able rows. */
  export(db: Queryable, userId: string): Promise<unknown>;
  /** Removes (or anonymises) it; runs inside the deletion's transaction. */
  erase(db: Queryable, userId: string): Promise<unknown>;
}

const keep = async () => {};

/**
 * Erased in this order, inside one transaction. Payments are anonymised before the account goes (the
 * account's row would take them with it), and the account is last: what still points at it goes with it.
 */
export const PERSONAL_DATA_SECTIONS: readonly PersonalDataSection[] = [
  { name: "profile", export: exportProfile, erase: eraseProfile },
  { name: "playlists", export: exportPlaylists, erase: erasePlaylists },
  { name: "likedSongs", export: exportLikedSongs, erase: eraseLikedSongs },
  { name: "likedPlaylists", export: exportLikedPlaylists, erase: eraseLikedPlaylists },
  { name: "library", export: exportLibrary, erase: eraseLibrary },
  { name: "follows", export: exportFollows, erase: eraseFollows },
  // Erased with the plays (erasePlays removes both).
  { name: "plays", export: exportPlays, erase: erasePlays },
  { name: "listenedSongs", export: exportListenedSongs, erase: keep },
  { name: "payments", export: exportPayments, erase: erasePayments },
  { name: "membership", export: exportMembership, erase: eraseMembership },
  { name: "sessions", export: exportSessions, erase: eraseSessions },
  { name: "uploads", export: exportUploads, erase: eraseUploads },
  { name: "adminApiTokens", export: exportAdminTokens, erase: eraseAdminTokens },
  // The ad ids stay used (each rewards once), no longer naming the listener.
  { name: "adRewards", export: exportAdRewards, erase: eraseAdRewards },
  { name: "notifications", export: exportNotifications, erase: eraseNotifications },
  { name: "supportRequests", export: exportSupportRequests, erase: eraseSupportRequests },
  { name: "songReports", export: exportSongReports, erase: eraseSongReports },
  { name: "artistAccounts", export: exportArtistAccounts, erase: eraseArtistAccounts },
  // Kept for the books, no longer naming who was paid.
  { name: "artistPayouts", export: exportPayouts, erase: erasePayouts },
  // Sections other features add go above this line.
  { name: "account", export: exportAccount, erase: eraseAccount },
];
