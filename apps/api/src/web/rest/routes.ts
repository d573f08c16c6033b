// Every REST route table, in the order they are mounted.
import { catalogRoutes } from "./catalog-routes.js";
import { mediaRoutes } from "./media-routes.js";
import { adminCatalogRoutes } from "./admin-routes.js";
import { accountRoutes } from "./account-routes.js";
import { premiumRoutes } from "./premium-routes.js";
import { libraryRoutes } from "./library-routes.js";
import { socialRoutes } from "./social-routes.js";
import { inboxRoutes } from "./inbox-routes.js";
import { myAccountRoutes } from "./my-account-routes.js";
import { adRoutes } from "./ad-routes.js";
import { activityRoutes, newsRoutes } from "./activity-routes.js";
import { artistAccountRoutes, artistStudioRoutes, releaseReviewRoutes } from "./artist-routes.js";
import { songReportRoutes } from "./report-routes.js";
import type { RestRoute } from "./route-table.js";

export const restRoutes: readonly RestRoute[] = [
  ...catalogRoutes,
  ...mediaRoutes,
  ...adminCatalogRoutes,
  ...accountRoutes,
  ...premiumRoutes,
  ...libraryRoutes,
  ...socialRoutes,
  ...inboxRoutes,
  ...myAccountRoutes,
  ...adRoutes,
  ...activityRoutes,
  ...newsRoutes,
  ...artistAccountRoutes,
  ...artistStudioRoutes,
  ...releaseReviewRoutes,
  ...songReportRoutes,
];
