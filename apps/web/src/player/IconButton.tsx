// The player's round icon buttons (previous, play/pause, next, queue, mute, close) as plain buttons with
// Mantine's ActionIcon look: the mini player is rendered in the tap that starts a song (issue 17 item 3).
import type { ReactNode } from "react";
import classes from "./IconButton.module.css";

/** Subtle in one of three greys, or filled in the brand's purple. */
export type IconButtonTone = "gray.3" | "gray.4" | "gray.5" | "filled";

export function IconButton({
  label,
  tone,
  onClick,
  children,
}: {
  label: string;
  tone: IconButtonTone;
  onClick: () => void;
  children: ReactNode;
}) {
  return (
    <button
      type="button"
      // Mantine's global focus ring and press offset, as on its own buttons.
      className={`mantine-focus-auto mantine-active ${classes.root}`}
      data-tone={tone}
      aria-label={label}
      onClick={onClick}
    >
      {children}
    </button>
  );
}
