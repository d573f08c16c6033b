import { route, type RestRoute } from "./route-table.js";

export const artistAccountRoutes: RestRoute[] = [
  route(
    "POST",
    "/api/artist-requests",
    "Ask to become an artist: {kind: 'new', name, bio?, evidence} or {kind: 'claim', artistId, evidence}",
    "artistAccounts.request",
    (c, input) => c.artistAccounts.request(input),
    { successStatus: 201 },
  ),
  route(
    "GET",
    "/api/artist-requests/mine",
    "The caller's artist requests and the artists they manage, with each one's balance",
    "artistAccounts.mine",
    (c) => c.artistAccounts.mine(),
  ),
  route(
    "GET",
    "/api/admin/artist-requests",
    "Requests to become an artist, by status (pending by default: oldest first)",
    "artistAccounts.adminList",
    (c, input) => c.artistAccounts.adminList(input),
  ),
  route(
    "POST",
    "/api/admin/artist-requests/:id/decision",
    "Approve (the artist is verified, the requester its manager) or refuse {decision}",
    "artistAccounts.decide",
    (c, input) => c.artistAccounts.decide(input),
  ),
];

export const artistStudioRoutes: RestRoute[] = [
  route(
    "POST",
    "/api/artist-studio/payouts",
    "A manager asks for the artist's whole balance in Pi {artistId} (paid in the background, one at a time)",
    "artistStudio.requestPayout",
    (c, input) => c.artistStudio.requestPayout(input),
    { successStatus: 201 },
  ),
  route(
    "GET",
    "/api/artist-studio/payouts",
    "The artist's payouts, newest first, each with its step (?artistId=)",
    "artistStudio.payouts",
    (c, input) => c.artistStudio.payouts(input),
  ),
];
