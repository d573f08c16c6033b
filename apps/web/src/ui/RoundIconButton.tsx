import type { ComponentProps } from "react";
import classes from "./RoundIconButton.module.css";

/** Mantine's global focus ring and press offset, as on its own buttons, and ActionIcon's round look. */
export const roundIconButtonClass = `mantine-focus-auto mantine-active ${classes.root}`;

/**
 * As `<ActionIcon>` (the theme's defaults: size 44, radius xl, subtle) in one of the app's tones, without
 * Mantine's JavaScript: for controls rendered in a tap (the player's, a screen's menu triggers, hearts,
 * share) or removed by one (Home's cards), alike to the Mantine triggers that replace them once loaded.
 */
export function RoundIconButton({
  tone = "gray",
  className,
  ...props
}: ComponentProps<"button"> & { "aria-label": string; tone?: RoundIconButtonTone }) {
  return (
    <button
      type="button"
      {...props}
      data-tone={tone}
      className={className ? `${roundIconButtonClass} ${className}` : roundIconButtonClass}
    />
  );
}

/** Subtle in a grey or purple.4, light, or `filled`: the primary colour, filled. */
export type RoundIconButtonTone = "gray" | "gray.3" | "gray.4" | "gray.5" | "purple.4" | "light" | "filled";
