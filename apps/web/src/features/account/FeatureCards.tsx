import { Anchor, Badge, Text } from "@mantine/core";
import type { ReactNode } from "react";
import { useAdsBetweenSongs } from "../../lib/ad-settings";
import { paths } from "../../lib/paths";
import { ScreenLink } from "../../ui/screen-link";
import { HeadphonesIcon, MusicIcon, ShieldIcon, SparkleIcon, WaveIcon } from "./icons";
import classes from "./Premium.module.css";

/** SPEC.md section 2: the five premium features. */
export const PREMIUM_FEATURES: Array<{
  title: string;
  description: string;
  icon: ReactNode;
  /** Where the feature is used, for everyone (members' requests are answered first). */
  link?: { to: string; label: string };
}> = [
  {
    title: "Unlimited Streaming",
    description: "Skip, seek and play as much as you like.",
    icon: <MusicIcon size={22} />,
  },
  {
    title: "Ad-Free Experience",
    description: "Nothing between you and the music.",
    icon: <ShieldIcon size={22} />,
  },
  {
    title: "High Quality Audio (up to 320kbps)",
    description: "Hear every detail.",
    icon: <HeadphonesIcon size={22} />,
  },
  {
    title: "Exclusive Content",
    description: "Releases and mixes for members.",
    icon: <SparkleIcon size={22} />,
  },
  {
    title: "Priority Support",
    description: "Answers first, when you need them.",
    icon: <WaveIcon size={22} />,
    link: { to: paths.support, label: "Contact support" },
  },
];

/** What 'Ad-Free Experience' spares a member while the free tier carries Pi's ads between songs. */
export const AD_FREE_DESCRIPTION =
  "No ads between songs: free listeners hear one from Pi's Ad Network now and then.";

/** The features, each marked Active for a premium member. */
export function FeatureCards({ active }: { active: boolean }) {
  const adsBetweenSongs = useAdsBetweenSongs();
  const features = adsBetweenSongs
    ? PREMIUM_FEATURES.map((feature) =>
        feature.title === "Ad-Free Experience" ? { ...feature, description: AD_FREE_DESCRIPTION } : feature,
      )
    : PREMIUM_FEATURES;
  return (
    <ul className={classes.features} aria-label="Premium features">
      {features.map((feature) => (
        <li key={feature.title} className={classes.feature} data-testid="premium-feature">
          <span className={classes.featureIcon} aria-hidden>
            {feature.icon}
          </span>
          <div className={classes.featureText}>
            <Text fw={600} size="sm">
              {feature.title}
            </Text>
            <Text size="xs" c="dimmed">
              {feature.description}
            </Text>
            {feature.link && (
              <Anchor component={ScreenLink} to={feature.link.to} size="xs" fw={600}>
                {feature.link.label}
              </Anchor>
            )}
          </div>
          {active && (
            <Badge color="green" variant="light" size="sm">
              Active
            </Badge>
          )}
        </li>
      ))}
    </ul>
  );
}
