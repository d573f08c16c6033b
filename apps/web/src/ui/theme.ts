import { ActionIcon, Button, createTheme, Skeleton, type MantineColorsTuple } from "@mantine/core";

// The accent: purple shades, light to dark. Shade 6 (#9333ea) carries white text at 5.4:1 (WCAG AA).
const purple: MantineColorsTuple = [
  "#faf5ff",
  "#f3e8ff",
  "#e9d5ff",
  "#d8b4fe",
  "#c084fc",
  "#a855f7",
  "#9333ea",
  "#7e22ce",
  "#6b21a8",
  "#581c87",
];

// Mantine's dark scale, tinted towards purple: [0] is body text, [2] dimmed text, [7] the page.
// Dimmed text (#a9a6b8) on the page (#121016) stays above 7:1.
const dark: MantineColorsTuple = [
  "#f1eff6",
  "#d0cdda",
  "#a9a6b8",
  "#6f6b80",
  "#3a3646",
  "#2a2633",
  "#1e1b25",
  "#121016",
  "#0c0a0f",
  "#08070a",
];

/** SPEC.md section 9: a tooltip opens after 700 ms... */
export const TOOLTIP_OPEN_DELAY_MS = 700;
/** ...and after one closes, a neighbour opens at once if reached within 300 ms (see TooltipGroup). */
export const TOOLTIP_SKIP_DELAY_MS = 300;

export const theme = createTheme({
  primaryColor: "purple",
  primaryShade: { light: 7, dark: 6 },
  colors: { purple, dark },
  fontFamily: "system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, sans-serif",
  headings: { fontWeight: "700" },
  defaultRadius: "md",
  cursorType: "pointer",
  components: {
    // Touch targets of at least 40 px (mobile first).
    Button: Button.extend({ defaultProps: { size: "md", radius: "xl" } }),
    ActionIcon: ActionIcon.extend({ defaultProps: { size: 44, radius: "xl", variant: "subtle" } }),
    Skeleton: Skeleton.extend({ defaultProps: { radius: "md" } }),
    // A plain object, not Tooltip.extend: referencing Tooltip here would load it (and floating-ui) up front.
    Tooltip: { defaultProps: { openDelay: TOOLTIP_OPEN_DELAY_MS } },
  },
});
