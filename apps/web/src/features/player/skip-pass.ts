// A rewarded ad's skips (DESIGN.md "The free tier and the premium page"): a free listener at the skip limit
// may watch one for AD_REWARD_SKIP_MINUTES of skips. The server verifies the ad with Pi and says until when
// the skips run; the player allows skips exactly that long (reducer.ts, skipPass).
import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import { AD_REWARD_SKIP_MINUTES } from "@purplebeats/contracts/constants";
import { describeError } from "../../lib/errors";
import { FALLBACK_USER_ID, isGuestUid, resolveUserId } from "../../lib/identity";
import { piSdk, type PiSdk } from "../../lib/pi-sdk";
import { translate } from "../../i18n";
import { showToast, type ToastOptions } from "../../lib/toast";
import { trpc } from "../../lib/trpc";
import { playRewardedAd, type RewardedAdOutcome } from "./ad-breaks";

/** The rewarded ad's toasts, in the browser's language when shown (getters: the language may change meanwhile). */
export const SKIP_PASS_TOASTS = {
  get unlocked(): ToastOptions {
    return {
      title: translate("player.skipsUnlocked"),
      message: translate("player.skipsUnlockedMessage", { minutes: AD_REWARD_SKIP_MINUTES }),
    };
  },
  get unavailable(): ToastOptions {
    return { title: translate("player.adUnavailable"), message: translate("player.adUnavailableMessage") };
  },
  get notRewarded(): ToastOptions {
    return { title: translate("player.noReward"), message: translate("player.noRewardMessage") };
  },
  refused: (error: unknown): ToastOptions => ({
    title: translate("player.error"),
    message: describeError(error),
    variant: "destructive",
  }),
} satisfies Record<string, ToastOptions | ((error: unknown) => ToastOptions)>;

/** The skip-limit toast's second action. */
export const watchAdLabel = () => translate("player.watchAd", { minutes: AD_REWARD_SKIP_MINUTES });

/**
 * Only a listener signed in with Pi can be offered one: Pi shows rewarded ads to authenticated users only, and
 * the server grants their reward to signed-in listeners only.
 */
export function mayOfferRewardedAd(rewardedAds: boolean): boolean {
  const uid = resolveUserId();
  return rewardedAds && uid !== FALLBACK_USER_ID && !isGuestUid(uid);
}

/** Pi shows a rewarded ad only to a user the page authenticated: once more after authenticating if needed. */
async function watchWithSdk(pi: PiSdk | undefined): Promise<RewardedAdOutcome> {
  const first = await playRewardedAd(pi?.Ads);
  if (!pi || !("failure" in first) || first.failure !== "unauthenticated") return first;
  try {
    await pi.authenticate(["username"], () => undefined);
  } catch {
    return first;
  }
  return playRewardedAd(pi.Ads);
}

export interface SkipPass {
  /** The server's grant, read once (at the first skip a free listener asks for): true while it runs. */
  check(): Promise<boolean>;
  /** Shows a rewarded ad and claims its skips from the server; true when they were granted. */
  watchAd(): Promise<boolean>;
}

/** `onChange` learns when the skips start and end (the player's SET_SKIP_PASS). */
export function useSkipPass(
  onChange: (active: boolean) => void,
  pi: () => PiSdk | undefined = piSdk,
): SkipPass {
  const utils = trpc.useUtils();
  const [until, setUntil] = useState<number | null>(null);
  /** The server's last word (ms since the epoch, or null), once asked. */
  const known = useRef<{ until: number | null } | null>(null);

  // The skips end when the server said: the player is told then, not at the next tap.
  useEffect(() => {
    if (until === null) return;
    const timer = setTimeout(() => onChange(false), Math.max(0, until - Date.now()));
    return () => clearTimeout(timer);
  }, [until, onChange]);

  /** Takes the server's answer: the player learns at once (a skip asked for may follow in the same task). */
  const take = useCallback(
    (skipsUntil: string | null) => {
      const end = skipsUntil === null ? null : Date.parse(skipsUntil);
      const active = end !== null && end > Date.now();
      known.current = { until: active ? end : null };
      onChange(active);
      setUntil(active ? end : null);
      return active;
    },
    [onChange],
  );

  return useMemo<SkipPass>(
    () => ({
      async check() {
        if (known.current) return known.current.until !== null && known.current.until > Date.now();
        try {
          return take((await utils.client.ads.skipPass.query()).skipsUntil);
        } catch {
          return false;
        }
      },
      async watchAd() {
        const outcome = await watchWithSdk(pi());
        if ("failure" in outcome) {
          showToast(
            outcome.failure === "not_rewarded" ? SKIP_PASS_TOASTS.notRewarded : SKIP_PASS_TOASTS.unavailable,
          );
          return false;
        }
        try {
          const pass = await utils.client.ads.claimReward.mutate({ adId: outcome.adId });
          take(pass.skipsUntil);
          showToast(SKIP_PASS_TOASTS.unlocked);
          return true;
        } catch (error) {
          showToast(SKIP_PASS_TOASTS.refused(error));
          return false;
        }
      },
    }),
    [utils, take, pi],
  );
}
