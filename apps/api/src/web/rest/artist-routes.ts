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
  route(
    "GET",
    "/api/admin/premium-shares",
    "The months of the premium share split so far, newest first, each with its inputs",
    "artistAccounts.premiumShareMonths",
    (c) => c.artistAccounts.premiumShareMonths(),
  ),
  route(
    "GET",
    "/api/admin/premium-shares/:month",
    "One month's premium share (YYYY-MM): its inputs (null until split) and each artist's row",
    "artistAccounts.premiumShareMonth",
    (c, input) => c.artistAccounts.premiumShareMonth(input),
  ),
  route(
    "POST",
    "/api/admin/premium-shares/:month/split",
    "Splits an ended month (YYYY-MM) now, as its monthly job does; a month split already stays as it is",
    "artistAccounts.splitPremiumShareMonth",
    (c, input) => c.artistAccounts.splitPremiumShareMonth(input),
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
  route(
    "GET",
    "/api/artist-studio/premium-shares",
    "The artist's monthly premium shares, newest first, each with the month's inputs (?artistId=)",
    "artistStudio.premiumShares",
    (c, input) => c.artistStudio.premiumShares(input),
  ),
  route(
    "GET",
    "/api/artist-studio/stats",
    "The artist's plays, listeners, followers, listeners' languages and earnings over the last 7, 28 or 365 days (?artistId=&days=); its managers only",
    "artistStudio.stats",
    (c, input) => c.artistStudio.stats(input),
  ),
  route(
    "POST",
    "/api/artist-studio/releases/uploads",
    "A single-use upload URL for one audio file of a release {artistId}; PUT the file there",
    "artistStudio.releaseUploadGrant",
    (c, input) => c.artistStudio.releaseUploadGrant(input),
    { successStatus: 201 },
  ),
  route(
    "POST",
    "/api/artist-studio/releases",
    "Submit a release for review {artistId, kind, title, genre, releaseDate, credits?, coverUrl, membersOnly?, rightsAttested: true, tracks: [{uploadURL, fileName, title?}]}; its songs stay hidden until approved",
    "artistStudio.submitRelease",
    (c, input) => c.artistStudio.submitRelease(input),
    { successStatus: 201 },
  ),
  route(
    "GET",
    "/api/artist-studio/releases",
    "The artist's releases, newest first, each with its review status (?artistId=)",
    "artistStudio.releases",
    (c, input) => c.artistStudio.releases(input),
  ),
  route(
    "PUT",
    "/api/artist-studio/releases/:id",
    "Edit a release's facts {title?, genre?, releaseDate?, credits?, membersOnly?}",
    "artistStudio.updateRelease",
    (c, input) => c.artistStudio.updateRelease(input),
  ),
  route(
    "POST",
    "/api/artist-studio/releases/:id/takedown",
    "Take a release down: its songs are hidden everywhere at once",
    "artistStudio.takeDownRelease",
    (c, input) => c.artistStudio.takeDownRelease(input),
  ),
];

export const releaseReviewRoutes: RestRoute[] = [
  route(
    "GET",
    "/api/admin/releases",
    "Releases by review status (pending by default: oldest first)",
    "releaseReview.list",
    (c, input) => c.releaseReview.list(input),
  ),
  route(
    "POST",
    "/api/admin/releases/:id/decision",
    "Approve a release (its songs appear and followers are told) or refuse it {decision, reason}",
    "releaseReview.decide",
    (c, input) => c.releaseReview.decide(input),
  ),
  route(
    "POST",
    "/api/admin/releases/:id/takedown",
    "Take a release down {reason}: its songs are hidden from search, pages, playlists, streams and downloads",
    "releaseReview.takeDown",
    (c, input) => c.releaseReview.takeDown(input),
  ),
];
