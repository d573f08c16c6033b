import { Anchor, Badge, Text } from "@mantine/core";
import type { ReactNode } from "react";
import { useAdsBetweenSongs } from "../../lib/ad-settings";
import { paths } from "../../lib/paths";
import { ScreenLink } from "../../ui/screen-link";
import { HeadphonesIcon, MusicIcon, ShieldIcon, SparkleIcon, WaveIcon } from "./icons";
import { useT, type MessageKey } from "../../i18n";
import classes from "./Premium.module.css";

/** SPEC.md section 2: the five premium features. */
export const PREMIUM_FEATURES: Array<{
  title: MessageKey;
  description: MessageKey;
  icon: ReactNode;
  /** Where the feature is used, for everyone (members' requests are answered first). */
  link?: { to: string; label: MessageKey };
}> = [
  {
    title: "premium.unlimitedStreaming",
    description: "premium.unlimitedStreamingText",
    icon: <MusicIcon size={22} />,
  },
  {
    title: "premium.adFree",
    description: "premium.adFreeText",
    icon: <ShieldIcon size={22} />,
  },
  {
    title: "premium.highQuality",
    description: "premium.highQualityText",
    icon: <HeadphonesIcon size={22} />,
  },
  {
    title: "premium.exclusiveContent",
    description: "premium.exclusiveContentText",
    icon: <SparkleIcon size={22} />,
  },
  {
    title: "premium.prioritySupport",
    description: "premium.prioritySupportText",
    icon: <WaveIcon size={22} />,
    link: { to: paths.support, label: "inbox.supportTitle" },
  },
];

/** What 'Ad-Free Experience' spares a member while the free tier carries Pi's ads between songs. */
const AD_FREE_WITH_ADS: MessageKey = "premium.adFreeWithAdsText";

/** The features, each marked Active for a premium member. */
export function FeatureCards({ active }: { active: boolean }) {
  const t = useT();
  const adsBetweenSongs = useAdsBetweenSongs();
  const features = adsBetweenSongs
    ? PREMIUM_FEATURES.map((feature) =>
        feature.title === "premium.adFree" ? { ...feature, description: AD_FREE_WITH_ADS } : feature,
      )
    : PREMIUM_FEATURES;
  return (
    <ul className={classes.features} aria-label={t("premium.features")}>
      {features.map((feature) => (
        <li key={feature.title} className={classes.feature} data-testid="premium-feature">
          <span className={classes.featureIcon} aria-hidden>
            {feature.icon}
          </span>
          <div className={classes.featureText}>
            <Text fw={600} size="sm">
              {t(feature.title)}
            </Text>
            <Text size="xs" c="dimmed">
              {t(feature.description)}
            </Text>
            {feature.link && (
              <Anchor component={ScreenLink} to={feature.link.to} size="xs" fw={600}>
                {t(feature.link.label)}
              </Anchor>
            )}
          </div>
          {active && (
            <Badge color="green" variant="light" size="sm">
              {t("account.active")}
            </Badge>
          )}
        </li>
      ))}
    </ul>
  );
}
