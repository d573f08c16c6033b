import { route, type RestRoute } from "./route-table.js";

/** Listeners' reports of songs, and the admins' queue of them. */
export const songReportRoutes: RestRoute[] = [
  route(
    "POST",
    "/api/songs/:songId/reports",
    "Report a song {reason: rights | abuse | other, details?}; 409 while the caller's earlier report of it is open",
    "songReports.create",
    (c, input) => c.songReports.create(input),
    { successStatus: 201 },
  ),
  route(
    "GET",
    "/api/admin/reports",
    "Songs with open reports, the most reported first, with their reports' reasons and details",
    "songReports.adminQueue",
    (c) => c.songReports.adminQueue(),
  ),
  route(
    "POST",
    "/api/admin/reports/:songId/dismiss",
    "Dismiss a song's open reports (the song stays)",
    "songReports.dismiss",
    (c, input) => c.songReports.dismiss(input),
  ),
  route(
    "POST",
    "/api/admin/reports/:songId/takedown",
    "Take a reported song down (hidden everywhere, downloads included) and resolve its open reports",
    "songReports.takeDown",
    (c, input) => c.songReports.takeDown(input),
  ),
];
