// Debian's Chromium at phone size: the one launch and the one phone the config and the journeys share.
import type { LaunchOptions } from "@playwright/test";
import { CHROMIUM_FLAGS, chromiumPath } from "@purplebeats/chromium";

/**
 * Chromium's autoplay policy. Journeys press play without a real gesture history by default; a journey on
 * what a blocked play() does asks for a gesture, as a phone browser does.
 */
export type AutoplayPolicy = "no-user-gesture-required" | "user-gesture-required";

/** The system's Chromium (never a downloaded one) with the journeys' flags. */
export function chromiumLaunchOptions(
  autoplayPolicy: AutoplayPolicy = "no-user-gesture-required",
): LaunchOptions {
  return {
    executablePath: chromiumPath(),
    args: [...CHROMIUM_FLAGS, `--autoplay-policy=${autoplayPolicy}`],
    headless: true,
  };
}

/** A phone: 390x844, touch. */
export const PHONE = {
  viewport: { width: 390, height: 844 },
  deviceScaleFactor: 2,
  isMobile: true,
  hasTouch: true,
};
