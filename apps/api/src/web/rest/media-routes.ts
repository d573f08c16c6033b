import { route, type RestRoute } from "./route-table.js";

/** Lyrics for listeners, the library scan for admins (the stream endpoint answers audio: web/http/stream.ts). */
export const mediaRoutes: RestRoute[] = [
  route(
    "GET",
    "/api/songs/:songId/lyrics",
    "A song's lyrics (synced lines carry timeMs; a song without lyrics answers no lines)",
    "songs.lyrics",
    (c, input) => c.songs.lyrics(input),
  ),
  route(
    "POST",
    "/api/admin/library/scan",
    "Scan MUSIC_DIR (joins a running scan); answers the scan's id and state",
    "admin.scanLibrary",
    (c) => c.admin.scanLibrary(),
    { successStatus: 202 },
  ),
  route(
    "GET",
    "/api/admin/library/scans/latest",
    "The latest library scan's report: counts, skipped files with reasons, encoding progress",
    "admin.latestLibraryScan",
    (c) => c.admin.latestLibraryScan(),
  ),
];
