// Mantine's ActionIcon with its stylesheet. No first screen draws one (their round buttons are plain
// elements, RoundIconButton), so the stylesheet (1.2 KB gzip) comes with the screens and menus that do,
// not with every page (first screen at most 170 KB).
import "@mantine/core/styles/ActionIcon.css";

export { ActionIcon } from "@mantine/core";
