// The song rows' menu icon, apart from the library's other icons: every first screen draws it, and a module the
// start imports joins the start's chunk whole, with every icon the menus and dialogs take from it.
import { iconSvg, type IconProps } from "../../ui/icons";

/** On every song row (its menu's trigger): one fiber (iconSvg), not three. */
export const DotsIcon = ({ size = 20, ...props }: IconProps) =>
  iconSvg({
    size,
    ...props,
    solid: true,
    // Three dots (radius 2 at x 5, 12 and 19) as one shape: one element on every row, not three.
    children: (
      <path d="M3 12a2 2 0 1 0 4 0a2 2 0 1 0-4 0M10 12a2 2 0 1 0 4 0a2 2 0 1 0-4 0M17 12a2 2 0 1 0 4 0a2 2 0 1 0-4 0" />
    ),
  });
