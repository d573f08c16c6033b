import "@mantine/core/styles/Tooltip.css";
import { Tooltip } from "@mantine/core";
import type { ReactNode } from "react";
import { TOOLTIP_OPEN_DELAY_MS, TOOLTIP_SKIP_DELAY_MS } from "./theme";

/**
 * Wrap a row of controls that have tooltips (a toolbar, a menu bar). Within a group, the close delay is the
 * window in which the next tooltip skips its open delay. Kept out of the app root on purpose: Tooltip
 * brings floating-ui (about 15 KB gzip), which only the screens that show tooltips should pay for.
 */
export function TooltipGroup({ children }: { children: ReactNode }) {
  return (
    <Tooltip.Group openDelay={TOOLTIP_OPEN_DELAY_MS} closeDelay={TOOLTIP_SKIP_DELAY_MS}>
      {children}
    </Tooltip.Group>
  );
}
