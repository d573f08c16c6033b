// Rewarded ads (DESIGN.md "The free tier and the premium page"): a free listener who watched one gets
// AD_REWARD_SKIP_MINUTES of skips, granted only after Pi's Platform API says the ad's reward was granted,
// and once per ad (the ad id is ad_rewards' key).
import type { DataSource } from "typeorm";
import { TRPCError } from "@trpc/server";
import {
  AD_REWARD_SKIP_MINUTES,
  type AdService,
  type MembershipService,
  type SessionUser,
  type SkipPassDto,
} from "@purplebeats/contracts";
import { isPiPlatformError, type PiPlatformClient } from "@purplebeats/pi";
import { grantSkips, runningSkipsUntil } from "../../data/ad-rewards.js";

/** Pi's word for a reward the ad network granted (RewardedAdStatusDTO.mediator_ack_status). */
export const GRANTED = "granted";

export const AD_REWARD_MESSAGES = {
  off: "Rewarded ads are turned off",
  guest: "Sign in with Pi to watch a rewarded ad",
  member: "Members skip freely: no ad needed",
  notGranted: "Pi's Ad Network did not grant this ad's reward",
  unknown: "Pi's Ad Network does not know this ad",
  spent: "This ad's reward was already given",
} as const;

export interface AdServiceOptions {
  pi: PiPlatformClient;
  memberships: Pick<MembershipService, "isPremium">;
  /** ADS_REWARDED: off, every claim is refused. */
  rewardedAds: boolean;
}

const refuse = (code: "FORBIDDEN" | "NOT_FOUND" | "CONFLICT", message: string) =>
  new TRPCError({ code, message });

const passOf = (until: Date | undefined): SkipPassDto => ({ skipsUntil: until ? until.toISOString() : null });

export function createAdService(
  db: DataSource,
  { pi, memberships, rewardedAds }: AdServiceOptions,
): AdService {
  /** Pi's verdict on the ad; an outage or a timeout is a 502 that leaves the ad claimable again. */
  async function isGranted(adId: string): Promise<boolean> {
    try {
      return (await pi.rewardedAdStatus(adId)).mediator_ack_status === GRANTED;
    } catch (error) {
      if (isPiPlatformError(error) && error.kind === "not_found")
        throw refuse("NOT_FOUND", AD_REWARD_MESSAGES.unknown);
      const reason =
        isPiPlatformError(error) && error.kind === "timeout"
          ? "did not answer in time"
          : "could not be reached";
      throw new TRPCError({
        code: "BAD_GATEWAY",
        message: `Pi Network ${reason}. Please try again; your ad's reward is still yours to claim.`,
      });
    }
  }

  return {
    async skipPass(user: SessionUser) {
      return passOf(await runningSkipsUntil(db, user.id));
    },

    async claimReward(user: SessionUser, adId: string) {
      if (!rewardedAds) throw refuse("FORBIDDEN", AD_REWARD_MESSAGES.off);
      if (user.isGuest) throw refuse("FORBIDDEN", AD_REWARD_MESSAGES.guest);
      if (await memberships.isPremium(user.id)) throw refuse("FORBIDDEN", AD_REWARD_MESSAGES.member);
      if (!(await isGranted(adId))) throw refuse("FORBIDDEN", AD_REWARD_MESSAGES.notGranted);
      const until = await grantSkips(db, adId, user.id, AD_REWARD_SKIP_MINUTES);
      if (!until) throw refuse("CONFLICT", AD_REWARD_MESSAGES.spent);
      return passOf(until);
    },
  };
}
