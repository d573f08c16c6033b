import { route, sendPage, type RestRoute } from "./route-table.js";

export const accountRoutes: RestRoute[] = [
  route("GET", "/api/me", "The session's user, or null", "auth.me", (c) => c.auth.me()),
  route("POST", "/api/guest", "Start a guest session", "auth.guest", (c) => c.auth.guest(), {
    successStatus: 201,
  }),
  route(
    "POST",
    "/api/pi/login",
    "Sign in with a Pi access token (verified with the Pi Platform)",
    "auth.piLogin",
    (c, input) => c.auth.piLogin(input),
  ),
  route("POST", "/api/logout", "End the session", "auth.logout", (c) => c.auth.logout()),
  route("GET", "/api/legal", "The terms of use and privacy notice (Markdown)", "legal.documents", (c) =>
    c.legal.documents(),
  ),
  route("GET", "/api/profile/:userId", "The caller's profile", "profile.get", (c, input) =>
    c.profile.get(input),
  ),
  route("PUT", "/api/profile/:userId", "Rename the caller's profile", "profile.update", (c, input) =>
    c.profile.update(input),
  ),
  route(
    "PUT",
    "/api/profile/:userId/avatar",
    "Set the caller's picture to an uploaded image",
    "profile.updateAvatar",
    (c, input) => c.profile.updateAvatar(input),
  ),
  route("GET", "/api/profile/:userId/stats", "Listening figures of the caller", "profile.stats", (c, input) =>
    c.profile.stats(input),
  ),
  route("POST", "/api/objects/upload", "A single-use URL to PUT one image (5 MB) to", "uploads.grant", (c) =>
    c.uploads.grant(),
  ),
  route("GET", "/api/admin/stats", "User statistics (admins)", "admin.stats", (c) => c.admin.stats()),
  route(
    "GET",
    "/api/admin/users",
    "Users, newest first (admins)",
    "admin.users",
    async (c, input, rep) => sendPage(rep, await c.admin.users(input)),
    {
      paged: true,
    },
  ),
  route(
    "PUT",
    "/api/admin/users/:userId/admin",
    "Grant or remove the admin role {isAdmin} (admins)",
    "admin.setAdminRole",
    (c, input) => c.admin.setAdminRole(input),
  ),
];
