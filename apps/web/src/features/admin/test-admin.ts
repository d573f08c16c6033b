// The dashboard's fixtures for an admin: empty stats, users, support requests, news posts, artist requests,
// releases to review, premium share months and reported songs, plus the admin procedures a test gives (a
// test's own `support` or `news` replaces these).
import { accountFixtures, ADMIN_USER } from "../account/test-fixtures";
import { page } from "../../test-utils/catalog";
import type { Fixtures } from "../../test-utils/trpc-fixtures";

export const asAdmin = (admin: Fixtures["admin"] = {}): Fixtures => ({
  ...accountFixtures({ user: ADMIN_USER }),
  admin: {
    stats: () => ({
      totalUsers: 0,
      premiumUsers: 0,
      revenue: 0,
      conversionRate: 0,
      todayUsers: 0,
      recentUsers: 0,
      freeUsers: 0,
    }),
    users: () => page([]),
    ...admin,
  },
  support: { adminList: () => page([]) },
  news: { adminList: () => page([]) },
  artistAccounts: { adminList: () => [], premiumShareMonths: () => [] },
  releaseReview: { list: () => [] },
  songReports: { adminQueue: () => [] },
});
