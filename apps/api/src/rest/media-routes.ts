import { route, param, type RestRoute } from "./route-table.js";

/** Lyrics for listeners, the library scan for admins (the stream endpoint answers audio: http/stream.ts). */
export const mediaRoutes: RestRoute[] = [
  route(
    "GET",
    "/api/songs/:songId/lyrics",
    "songs.lyrics",
    "A song's lyrics (synced lines carry timeMs)",
    (c, req) => c.songs.lyrics({ songId: param(req, "songId") }),
  ),
  route(
    "POST",
    "/api/admin/library/scan",
    "admin.scanLibrary",
    "Scan MUSIC_DIR (joins a running scan); answers the scan's id and state",
    (c) => c.admin.scanLibrary(),
    { successStatus: 202 },
  ),
  route(
    "GET",
    "/api/admin/library/scans/latest",
    "admin.latestLibraryScan",
    "The latest library scan's report: counts, skipped files with reasons, encoding progress",
    (c) => c.admin.latestLibraryScan(),
  ),
];
