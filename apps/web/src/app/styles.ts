// Mantine's styles, component by component: the full styles.css is 36 KB gzip, these are a few.
// A screen that starts using another Mantine component adds its CSS file here (order: base first).
// Exception: the toasts' CSS comes with the lazily loaded Toaster (components/toast/Toaster.tsx).
import "@mantine/core/styles/baseline.css";
import "@mantine/core/styles/default-css-variables.css";
import "@mantine/core/styles/global.css";
import "@mantine/core/styles/UnstyledButton.css";
import "@mantine/core/styles/Button.css";
import "@mantine/core/styles/ActionIcon.css";
import "@mantine/core/styles/CloseButton.css";
import "@mantine/core/styles/Loader.css";
import "@mantine/core/styles/Text.css";
import "@mantine/core/styles/Title.css";
import "@mantine/core/styles/Skeleton.css";
import "@mantine/core/styles/Tooltip.css";
import "./global.css";
