import { route, sendPage, type RestRoute } from "./route-table.js";

/** The caller's own account (the account menu's screens and data rights). */
export const myAccountRoutes: RestRoute[] = [
  route(
    "GET",
    "/api/account",
    "The caller's sign-in method, Pi username and membership",
    "account.overview",
    (c) => c.account.overview(),
  ),
  route(
    "GET",
    "/api/account/receipts",
    "The caller's payments, newest first",
    "account.receipts",
    async (c, input, rep) => sendPage(rep, await c.account.receipts(input)),
    { paged: true },
  ),
  route(
    "GET",
    "/api/account/plays",
    "The caller's full play history, newest first",
    "account.plays",
    async (c, input, rep) => sendPage(rep, await c.account.plays(input)),
    { paged: true },
  ),
  route(
    "GET",
    "/api/account/export",
    "Everything stored about the caller, as JSON",
    "account.exportData",
    (c) => c.account.exportData(),
  ),
  route(
    "DELETE",
    "/api/account",
    "Delete the caller's account {confirm: true}: their data removed, payments kept anonymised, the session ended",
    "account.delete",
    (c, input) => c.account.delete(input),
  ),
];
