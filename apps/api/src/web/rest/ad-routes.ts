import { route, type RestRoute } from "./route-table.js";

export const adRoutes: RestRoute[] = [
  route(
    "GET",
    "/api/ads/skip-pass",
    "Until when the caller's skips earned with rewarded ads run (null: none)",
    "ads.skipPass",
    (c) => c.ads.skipPass(),
  ),
  route(
    "POST",
    "/api/ads/rewards",
    "Claim a rewarded ad's skips {adId}: verified with Pi's Platform API, once per ad",
    "ads.claimReward",
    (c, input) => c.ads.claimReward(input),
  ),
];
