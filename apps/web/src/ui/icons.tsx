// Inline icons (24x24, stroke = currentColor): a handful of paths is cheaper than an icon library.
// All are decorative (aria-hidden): the button or link around them carries the accessible name.
import type { SVGProps } from "react";
import classes from "./icons.module.css";

export type IconProps = SVGProps<SVGSVGElement> & {
  size?: number;
  /** Filled shapes with no outline (play, pause, the menu's dots) rather than the outlined default. */
  solid?: boolean;
};

/** The shared frame of every inline icon; screens that load later keep their own paths beside them. */
export function Icon(props: IconProps) {
  return iconSvg(props);
}

/**
 * An icon's <svg>, called as a function by the icons below, not rendered as a component: each of them is then
 * one fiber, not two. A list's rows hold several icons each, and a screen's whole tree is rendered, or taken
 * down, in the tap that opens another: the look is a class (icons.module.css), and a caller's fill
 * or stroke a style, which outranks the class where an attribute would not.
 */
export function iconSvg({
  size = 24,
  solid = false,
  children,
  className,
  fill,
  stroke,
  style,
  ...props
}: IconProps) {
  const own = fill === undefined && stroke === undefined ? style : { fill, stroke, ...style };
  return (
    <svg
      width={size}
      height={size}
      viewBox="0 0 24 24"
      aria-hidden="true"
      className={[classes.icon, solid && classes.solid, className].filter(Boolean).join(" ")}
      style={own}
      {...props}
    >
      {children}
    </svg>
  );
}

export const HomeIcon = (props: IconProps) =>
  iconSvg({
    ...props,
    children: <path d="M3 10.5 12 3l9 7.5V20a1 1 0 0 1-1 1h-5v-6h-6v6H4a1 1 0 0 1-1-1z" />,
  });

export const SearchIcon = (props: IconProps) =>
  iconSvg({
    ...props,
    children: (
      <>
        <circle cx="11" cy="11" r="7" />
        <path d="m20 20-3.5-3.5" />
      </>
    ),
  });

export const LibraryIcon = (props: IconProps) =>
  iconSvg({
    ...props,
    children: <path d="M4 4v16M9 4v16M14 4.5l5 15" />,
  });

export const HeartIcon = (props: IconProps) =>
  iconSvg({
    ...props,
    children: <path d="M12 20s-7-4.4-9-9a4.8 4.8 0 0 1 9-3 4.8 4.8 0 0 1 9 3c-2 4.6-9 9-9 9z" />,
  });

export const PlayIcon = (props: IconProps) =>
  iconSvg({
    ...props,
    solid: true,
    children: <path d="M7 4.5v15a1 1 0 0 0 1.5.86l12-7.5a1 1 0 0 0 0-1.72l-12-7.5A1 1 0 0 0 7 4.5z" />,
  });

export const PauseIcon = (props: IconProps) =>
  iconSvg({
    ...props,
    solid: true,
    children: (
      <>
        <rect x="6" y="4" width="4" height="16" rx="1" />
        <rect x="14" y="4" width="4" height="16" rx="1" />
      </>
    ),
  });

export const MusicIcon = (props: IconProps) =>
  iconSvg({
    ...props,
    children: (
      <>
        <path d="M9 18V5l12-2v13" />
        <circle cx="6" cy="18" r="3" />
        <circle cx="18" cy="16" r="3" />
      </>
    ),
  });

/** Back: mirrored in a right-to-left language (icons.module.css). */
export const ArrowLeftIcon = ({ className, ...props }: IconProps) =>
  iconSvg({
    ...props,
    className: [classes.directional, className].filter(Boolean).join(" "),
    children: <path d="M19 12H5M12 19l-7-7 7-7" />,
  });

export const ShuffleIcon = (props: IconProps) =>
  iconSvg({
    ...props,
    children: <path d="M16 3h5v5M4 20 21 3M21 16v5h-5M15 15l6 6M4 4l5 5" />,
  });

/** The PurpleBeats mark: a note inside a rounded purple square. */
/** A padlock: a members-only song, for premium members only. */
export const RadioIcon = (props: IconProps) =>
  iconSvg({
    ...props,
    children: (
      <>
        <circle cx="12" cy="12" r="2" />
        <path d="M16.2 7.8a6 6 0 0 1 0 8.4M7.8 16.2a6 6 0 0 1 0-8.4M19 5a10 10 0 0 1 0 14M5 19A10 10 0 0 1 5 5" />
      </>
    ),
  });

export const ShareIcon = (props: IconProps) =>
  iconSvg({
    ...props,
    children: (
      <>
        {/* Three rings (radius 3 at 18,5, 6,12 and 18,19) and their two links, as one shape. */}
        <path d="M15 5a3 3 0 1 0 6 0a3 3 0 1 0-6 0M3 12a3 3 0 1 0 6 0a3 3 0 1 0-6 0M15 19a3 3 0 1 0 6 0a3 3 0 1 0-6 0M8.6 13.5l6.8 4M15.4 6.5l-6.8 4" />
      </>
    ),
  });

export const LockIcon = (props: IconProps) =>
  iconSvg({
    ...props,
    children: (
      <path d="M17 10h-1V7a4 4 0 0 0-8 0v3H7a2 2 0 0 0-2 2v8a2 2 0 0 0 2 2h10a2 2 0 0 0 2-2v-8a2 2 0 0 0-2-2zm-7-3a2 2 0 0 1 4 0v3h-4V7z" />
    ),
  });

export const LogoMark = ({ size = 32, ...props }: IconProps) => (
  <svg width={size} height={size} viewBox="0 0 32 32" aria-hidden="true" {...props}>
    <rect width="32" height="32" rx="8" fill="var(--mantine-color-purple-7)" />
    <path d="M12 22.5a3.5 3.5 0 1 1-2-3.16V9l12-2.5v12a3.5 3.5 0 1 1-2-3.16V10.6l-8 1.7z" fill="#fff" />
  </svg>
);
