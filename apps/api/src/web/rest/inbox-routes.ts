import { route, sendPage, type RestRoute } from "./route-table.js";

export const inboxRoutes: RestRoute[] = [
  route(
    "GET",
    "/api/notifications",
    "The caller's notifications, newest first",
    "notifications.list",
    async (c, input, rep) => sendPage(rep, await c.notifications.list(input)),
    { paged: true },
  ),
  route(
    "GET",
    "/api/notifications/unread-count",
    "How many of the caller's notifications are unread",
    "notifications.unreadCount",
    (c) => c.notifications.unreadCount(),
  ),
  route(
    "PUT",
    "/api/notifications/:id/read",
    "Mark one of the caller's notifications read",
    "notifications.markRead",
    (c, input) => c.notifications.markRead(input),
  ),
  route(
    "POST",
    "/api/notifications/read-all",
    "Mark all the caller's notifications read",
    "notifications.markAllRead",
    (c) => c.notifications.markAllRead(),
  ),
  route(
    "POST",
    "/api/support",
    "Send a support request {subject, message, songId?, playlistId?}",
    "support.create",
    (c, input) => c.support.create(input),
    { successStatus: 201 },
  ),
  route(
    "GET",
    "/api/admin/support",
    "Support requests: members' first, then unanswered, newest first",
    "support.adminList",
    async (c, input, rep) => sendPage(rep, await c.support.adminList(input)),
    { paged: true },
  ),
  route(
    "PUT",
    "/api/admin/support/:id/answer",
    "Answer a support request {answer}; the listener is notified",
    "support.answer",
    (c, input) => c.support.answer(input),
  ),
];
