// Pi's Ad Network as the simulator plays it: what `Pi.Ads.isAdReady`, `requestAd` and `showAd` answer in the
// browser, and the rewarded ads' status that the app's server reads back (`GET /v2/ads_network/status/{adId}`).
// Every ad is available and ends well unless a test arms a scenario first, the way faults are armed.
import { z } from "zod";
import type { PiAdType, PiRewardedAdStatusDTO } from "../schemas.js";
import { newAdId } from "./ids.js";

/**
 * What the next ads of a type do: `not_ready` (none loaded: isAdReady false, requestAd fails, showAd finds
 * none), `ad_error` (loaded but failed to display), `not_granted` (a rewarded ad watched whose reward the
 * ad network did not grant: the Platform API says `failed`).
 */
export const adScenarioRequestSchema = z.object({
  next: z.enum(["not_ready", "ad_error", "not_granted"]),
  /** Only ads of this type; both when absent. */
  type: z.enum(["interstitial", "rewarded"]).optional(),
  /** How many ads (a failed request or a show each) it applies to. */
  count: z.number().int().positive().default(1),
});

export type AdScenarioRequest = z.input<typeof adScenarioRequestSchema>;
export type AdScenario = z.infer<typeof adScenarioRequestSchema>["next"];

/** The SDK's `showAd` answer (Pi's `ShowAdResponse`). */
export interface ShowAdResponse {
  type: PiAdType;
  result:
    | "AD_CLOSED"
    | "AD_REWARDED"
    | "AD_DISPLAY_ERROR"
    | "AD_NETWORK_ERROR"
    | "AD_NOT_AVAILABLE"
    | "ADS_NOT_SUPPORTED"
    | "USER_UNAUTHENTICATED";
  adId?: string;
}

export interface RequestAdResponse {
  type: PiAdType;
  result: "AD_LOADED" | "AD_FAILED_TO_LOAD" | "AD_NOT_AVAILABLE";
}

interface ArmedScenario {
  next: AdScenario;
  type: PiAdType | undefined;
  remaining: number;
}

export class SimulatedAdNetwork {
  private armed: ArmedScenario[] = [];
  private readonly rewarded = new Map<string, PiRewardedAdStatusDTO>();
  private readonly log: ShowAdResponse[] = [];

  constructor(private readonly now: () => Date) {}

  arm(request: AdScenarioRequest): number {
    const { next, type, count } = adScenarioRequestSchema.parse(request);
    this.armed.push({ next, type, remaining: count });
    return this.armed.length;
  }

  isAdReady(type: PiAdType): { type: PiAdType; ready: boolean } {
    return { type, ready: this.peek(type) !== "not_ready" };
  }

  requestAd(type: PiAdType): RequestAdResponse {
    if (this.peek(type) !== "not_ready") return { type, result: "AD_LOADED" };
    this.take(type);
    return { type, result: "AD_FAILED_TO_LOAD" };
  }

  /** `signedIn`: the app authenticated the user in this page (Pi shows rewarded ads to such users only). */
  showAd(type: PiAdType, signedIn: boolean): ShowAdResponse {
    const response = this.show(type, signedIn);
    this.log.push(response);
    return { ...response };
  }

  /** `GET /v2/ads_network/status/{adId}`: undefined for an id the network never issued. */
  status(adId: string): PiRewardedAdStatusDTO | undefined {
    const status = this.rewarded.get(adId);
    return status && { ...status };
  }

  /** Every showAd answered so far, oldest first (what a test checks the app asked for). */
  shown(): ShowAdResponse[] {
    return this.log.map((entry) => ({ ...entry }));
  }

  reset(): void {
    this.armed = [];
    this.rewarded.clear();
    this.log.length = 0;
  }

  private show(type: PiAdType, signedIn: boolean): ShowAdResponse {
    if (type === "rewarded" && !signedIn) return { type, result: "USER_UNAUTHENTICATED" };
    const scenario = this.take(type);
    if (scenario === "not_ready") return { type, result: "AD_NOT_AVAILABLE" };
    if (scenario === "ad_error") return { type, result: "AD_DISPLAY_ERROR" };
    if (type === "interstitial") return { type, result: "AD_CLOSED" };
    const adId = newAdId();
    const granted = scenario !== "not_granted";
    this.rewarded.set(adId, {
      identifier: adId,
      mediator_ack_status: granted ? "granted" : "failed",
      mediator_granted_at: granted ? this.now().toISOString() : null,
      mediator_revoked_at: null,
    });
    return { type, result: "AD_REWARDED", adId };
  }

  private peek(type: PiAdType): AdScenario | undefined {
    return this.armed.find((scenario) => scenario.type === undefined || scenario.type === type)?.next;
  }

  private take(type: PiAdType): AdScenario | undefined {
    const index = this.armed.findIndex((scenario) => scenario.type === undefined || scenario.type === type);
    const scenario = this.armed[index];
    if (!scenario) return undefined;
    scenario.remaining -= 1;
    if (scenario.remaining <= 0) this.armed.splice(index, 1);
    return scenario.next;
  }
}
