import { z } from "zod";
import { AD_ID_MAX, AD_ID_REQUIRED } from "../constants.js";

/** The ad id Pi's SDK returned from `Pi.Ads.showAd("rewarded")`, for the server to verify with Pi. */
export const adRewardInput = z.object({
  adId: z
    .string({ error: AD_ID_REQUIRED })
    .trim()
    .min(1, AD_ID_REQUIRED)
    .max(AD_ID_MAX, `adId must be at most ${AD_ID_MAX} characters`),
});
export type AdRewardInput = z.infer<typeof adRewardInput>;

/** Until when a free listener may skip freely (a rewarded ad's reward); null when no reward runs. ISO 8601. */
export const skipPassSchema = z.object({ skipsUntil: z.string().nullable() });
export type SkipPassDto = z.infer<typeof skipPassSchema>;
