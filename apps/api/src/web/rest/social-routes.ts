import { route, sendPage, type RestRoute } from "./route-table.js";

export const socialRoutes: RestRoute[] = [
  route("GET", "/api/users/:handle", "A listener's public profile", "follows.profile", (c, input) =>
    c.follows.profile(input),
  ),
  route(
    "GET",
    "/api/users/:handle/following",
    "Listeners and artists a listener follows, newest first",
    "follows.following",
    async (c, input, rep) => sendPage(rep, await c.follows.following(input)),
    { paged: true },
  ),
  route(
    "GET",
    "/api/users/:handle/followers",
    "Listeners following a listener, newest first",
    "follows.followers",
    async (c, input, rep) => sendPage(rep, await c.follows.followers(input)),
    { paged: true },
  ),
  route("PUT", "/api/users/:handle/follow", "Follow a listener", "follows.followListener", (c, input) =>
    c.follows.followListener(input),
  ),
  route(
    "DELETE",
    "/api/users/:handle/follow",
    "Unfollow a listener",
    "follows.unfollowListener",
    (c, input) => c.follows.unfollowListener(input),
  ),
  route(
    "GET",
    "/api/artists/:id/follow",
    "An artist's followers and whether the caller follows",
    "follows.artist",
    (c, input) => c.follows.artist(input),
  ),
  route("PUT", "/api/artists/:id/follow", "Follow an artist", "follows.followArtist", (c, input) =>
    c.follows.followArtist(input),
  ),
  route("DELETE", "/api/artists/:id/follow", "Unfollow an artist", "follows.unfollowArtist", (c, input) =>
    c.follows.unfollowArtist(input),
  ),
  route(
    "PUT",
    "/api/profile/:userId/settings",
    "Change the caller's handle {handle} or privacy {isPrivate}",
    "profile.updateSettings",
    (c, input) => c.profile.updateSettings(input),
  ),
  route(
    "GET",
    "/api/me/listening-settings",
    "The caller's listening settings (quality, normalisation, gapless, crossfade, equalizer); null until set",
    "profile.listeningSettings",
    (c) => c.profile.listeningSettings(),
  ),
  route(
    "PUT",
    "/api/me/listening-settings",
    "Replace the caller's listening settings {quality, normalize, crossfadeSeconds, gaplessAlways, equalizer}",
    "profile.updateListeningSettings",
    (c, input) => c.profile.updateListeningSettings(input),
  ),
  route(
    "GET",
    "/api/profile/:userId/top",
    "The caller's top tracks and artists over {range}: 4w, 6m or all",
    "profile.top",
    (c, input) => c.profile.top(input),
  ),
];
