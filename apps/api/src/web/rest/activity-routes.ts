import { route, sendPage, type RestRoute } from "./route-table.js";

export const activityRoutes: RestRoute[] = [
  route(
    "GET",
    "/api/activity",
    "What listeners the caller follows did and followed artists released, newest first",
    "activity.feed",
    async (c, input, rep) => sendPage(rep, await c.activity.feed(input)),
    { paged: true },
  ),
  route(
    "GET",
    "/api/users/:handle/activity",
    "A listener's activity, newest first (a private profile's: its owner only)",
    "activity.ofListener",
    async (c, input, rep) => sendPage(rep, await c.activity.ofListener(input)),
    { paged: true },
  ),
  route(
    "GET",
    "/api/activity/settings",
    "The caller's share-likes setting and private session",
    "activity.settings",
    (c) => c.activity.settings(),
  ),
  route(
    "PUT",
    "/api/activity/settings",
    "Share likes {shareLikes}, or start or end a 6-hour private session {privateSession}",
    "activity.updateSettings",
    (c, input) => c.activity.updateSettings(input),
  ),
];

export const newsRoutes: RestRoute[] = [
  route(
    "GET",
    "/api/news",
    "News & Updates: published announcements, newest first",
    "news.list",
    async (c, input, rep) => sendPage(rep, await c.news.list(input)),
    { paged: true },
  ),
  route(
    "GET",
    "/api/admin/news",
    "Every announcement, scheduled ones included, newest first",
    "news.adminList",
    async (c, input, rep) => sendPage(rep, await c.news.adminList(input)),
    { paged: true },
  ),
  route(
    "POST",
    "/api/admin/news",
    "Publish an announcement {title, body (Markdown), publishedAt?}",
    "news.create",
    (c, input) => c.news.create(input),
    { successStatus: 201 },
  ),
  route(
    "PUT",
    "/api/admin/news/:id",
    "Edit an announcement {title | body | publishedAt}",
    "news.update",
    (c, input) => c.news.update(input),
  ),
  route("DELETE", "/api/admin/news/:id", "Delete an announcement", "news.delete", (c, input) =>
    c.news.delete(input),
  ),
];
