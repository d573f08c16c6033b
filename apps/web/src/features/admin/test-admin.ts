// The dashboard's fixtures for an admin: empty stats and users, plus the admin procedures a test gives.
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
});
