// Mantine's styles, component by component: the full styles.css is 36 KB gzip, these are a few.
// A screen that starts using another Mantine component adds its CSS file here (order: base first).
// Exceptions: the toasts' CSS comes with the lazily loaded Toaster (ui/toast/Toaster.tsx), and
// ActionIcon's with ui/ActionIcon.ts, Tooltip's with ui/TooltipGroup.tsx and CloseButton's
// with the dialogs, the drawer and the toasts (no first screen draws any of them).
import "@mantine/core/styles/baseline.css";
// Every CSS variable of the theme, Mantine's defaults included (MantineProvider's withCssVariables is off, and
// Mantine's default-css-variables.css is not loaded: see theme-variables.test.tsx).
import "./theme-variables.css";
import "@mantine/core/styles/global.css";
import "@mantine/core/styles/UnstyledButton.css";
import "@mantine/core/styles/Button.css";
import "@mantine/core/styles/Loader.css";
import "@mantine/core/styles/Text.css";
import "@mantine/core/styles/Title.css";
import "@mantine/core/styles/Skeleton.css";
import "./global.css";
