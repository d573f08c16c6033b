import type { ReactNode } from "react";
import classes from "./PillButton.module.css";

/**
 * As the app's `<Button leftSection={icon}>` (the theme's defaults: size md, radius xl), filled or
 * `variant="light"`, without Mantine's JavaScript: for a screen's actions rendered in the tap that opens it.
 */
export function PillButton({
  icon,
  variant = "filled",
  disabled,
  onClick,
  children,
}: {
  icon: ReactNode;
  variant?: "filled" | "light";
  disabled?: boolean;
  onClick: () => void;
  children: ReactNode;
}) {
  return (
    <button
      type="button"
      // Mantine's global focus ring and press offset, as on its own buttons.
      className={`mantine-focus-auto mantine-active ${classes.root}`}
      data-variant={variant}
      disabled={disabled}
      onClick={onClick}
    >
      <span className={classes.inner}>
        <span className={classes.section}>{icon}</span>
        <span className={classes.label}>{children}</span>
      </span>
    </button>
  );
}
