import { body, param, query, route, sendPage, type RestRoute } from "./route-table.js";

export const accountRoutes: RestRoute[] = [
  route("GET", "/api/me", "auth.me", "The session's user, or null", (c) => c.auth.me()),
  route("POST", "/api/guest", "auth.guest", "Start a guest session", (c) => c.auth.guest(), {
    successStatus: 201,
  }),
  route(
    "POST",
    "/api/pi/login",
    "auth.piLogin",
    "Sign in with a Pi access token (verified with the Pi Platform)",
    (c, req) => c.auth.piLogin(body(req)),
  ),
  route("POST", "/api/logout", "auth.logout", "End the session", (c) => c.auth.logout()),
  route("GET", "/api/profile/:userId", "profile.get", "The caller's profile", (c, req) =>
    c.profile.get({ userId: param(req, "userId") }),
  ),
  route("PUT", "/api/profile/:userId", "profile.update", "Rename the caller's profile", (c, req) =>
    c.profile.update(body(req, { userId: param(req, "userId") })),
  ),
  route(
    "PUT",
    "/api/profile/:userId/avatar",
    "profile.updateAvatar",
    "Set the caller's picture to an uploaded image",
    (c, req) => c.profile.updateAvatar(body(req, { userId: param(req, "userId") })),
  ),
  route("GET", "/api/profile/:userId/stats", "profile.stats", "Listening figures of the caller", (c, req) =>
    c.profile.stats({ userId: param(req, "userId") }),
  ),
  route("POST", "/api/objects/upload", "uploads.grant", "A single-use URL to PUT one image (5 MB) to", (c) =>
    c.uploads.grant(),
  ),
  route("GET", "/api/admin/stats", "admin.stats", "User statistics (admins)", (c) => c.admin.stats()),
  route(
    "GET",
    "/api/admin/users",
    "admin.users",
    "Users, newest first (admins)",
    async (c, req, rep) => sendPage(rep, await c.admin.users(query(req))),
    {
      query: ["limit", "cursor", "premium"],
      paged: true,
    },
  ),
  route(
    "PUT",
    "/api/admin/users/:userId/admin",
    "admin.setAdminRole",
    "Grant or remove the admin role {isAdmin} (admins)",
    (c, req) => c.admin.setAdminRole(body(req, { userId: param(req, "userId") })),
  ),
];
