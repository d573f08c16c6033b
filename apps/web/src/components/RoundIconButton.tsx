import type { ComponentPropsWithoutRef } from "react";
import round from "../player/IconButton.module.css";
import classes from "./RoundIconButton.module.css";

/** Mantine's global focus ring and press offset, as on its own buttons, and ActionIcon's round look. */
export const roundIconButtonClass = `mantine-focus-auto mantine-active ${round.root} ${classes.tone}`;

/**
 * As `<ActionIcon color="gray">` (the theme's defaults: size 44, radius xl, subtle), `color="purple.4"`,
 * `variant="light"` or `variant="filled"` (the primary colour), without Mantine's JavaScript: for controls
 * rendered in the tap that opens a screen (menu triggers, hearts, share) or removed by it (Home's cards), alike
 * to the Mantine triggers that replace them once loaded.
 */
export function RoundIconButton({
  tone = "gray",
  className,
  ...props
}: ComponentPropsWithoutRef<"button"> & { "aria-label": string; tone?: RoundIconButtonTone }) {
  return (
    <button
      type="button"
      {...props}
      data-tone={tone}
      className={className ? `${roundIconButtonClass} ${className}` : roundIconButtonClass}
    />
  );
}

/** `filled`: the primary colour, filled (the player's own tone). */
export type RoundIconButtonTone = "gray" | "purple.4" | "light" | "filled";
