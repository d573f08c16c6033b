// Small inline icons for the player controls (no icon library in the web app).
import type { SVGProps } from "react";
import iconClasses from "../../ui/icons.module.css";

type IconProps = SVGProps<SVGSVGElement> & { size?: number };

function Svg({ size = 20, children, ...rest }: IconProps) {
  return (
    <svg width={size} height={size} viewBox="0 0 24 24" fill="currentColor" aria-hidden="true" {...rest}>
      {children}
    </svg>
  );
}

export const PlayIcon = (props: IconProps) => (
  <Svg {...props}>
    <path d="M8 5.14v13.72a1 1 0 0 0 1.52.85l10.6-6.86a1 1 0 0 0 0-1.7L9.52 4.29A1 1 0 0 0 8 5.14Z" />
  </Svg>
);
export const PauseIcon = (props: IconProps) => (
  <Svg {...props}>
    <rect x="6" y="5" width="4" height="14" rx="1" />
    <rect x="14" y="5" width="4" height="14" rx="1" />
  </Svg>
);
/**
 * Next and previous point where those songs lie: toward the reading direction's end and start, so they mirror in
 * Arabic with the player's row and its swipes (ui-helpers.ts, swipeCommand). Play points the same way
 * everywhere: it means 'play', not a direction.
 */
export const NextIcon = (props: IconProps) => (
  <Svg className={iconClasses.directional} {...props}>
    <path d="M5 6.2v11.6a1 1 0 0 0 1.55.83L15 12.83V17a1 1 0 0 0 2 0V7a1 1 0 0 0-2 0v4.17L6.55 5.37A1 1 0 0 0 5 6.2Z" />
  </Svg>
);
export const PreviousIcon = (props: IconProps) => (
  <Svg className={iconClasses.directional} {...props}>
    <path d="M19 6.2v11.6a1 1 0 0 1-1.55.83L9 12.83V17a1 1 0 0 1-2 0V7a1 1 0 0 1 2 0v4.17l8.45-5.8A1 1 0 0 1 19 6.2Z" />
  </Svg>
);
export const CloseIcon = (props: IconProps) => (
  <Svg {...props} fill="none" stroke="currentColor" strokeWidth={2.2} strokeLinecap="round">
    <path d="M6 6l12 12M18 6 6 18" />
  </Svg>
);
export const QueueIcon = (props: IconProps) => (
  <Svg {...props} fill="none" stroke="currentColor" strokeWidth={2} strokeLinecap="round">
    <path d="M4 6h12M4 12h12M4 18h8" />
    <path d="M18 15v6l4-3-4-3Z" fill="currentColor" />
  </Svg>
);
export const VolumeIcon = (props: IconProps) => (
  <Svg {...props}>
    <path d="M4 9v6h4l5 4V5L8 9H4Z" />
    <path d="M16 8.5a5 5 0 0 1 0 7" fill="none" stroke="currentColor" strokeWidth={2} strokeLinecap="round" />
  </Svg>
);
export const MutedIcon = (props: IconProps) => (
  <Svg {...props}>
    <path d="M4 9v6h4l5 4V5L8 9H4Z" />
    <path d="m16 9 5 6m0-6-5 6" fill="none" stroke="currentColor" strokeWidth={2} strokeLinecap="round" />
  </Svg>
);
export const MusicIcon = (props: IconProps) => (
  <Svg {...props}>
    <path d="M19 3v12.5a3.5 3.5 0 1 1-2-3.16V7.3L9 9v8.5a3.5 3.5 0 1 1-2-3.16V5.5L19 3Z" />
  </Svg>
);
export const TrashIcon = (props: IconProps) => (
  <Svg
    {...props}
    fill="none"
    stroke="currentColor"
    strokeWidth={2}
    strokeLinecap="round"
    strokeLinejoin="round"
  >
    <path d="M4 7h16M9 7V4h6v3M6 7l1 13h10l1-13" />
  </Svg>
);
export const ShuffleIcon = (props: IconProps) => (
  <Svg {...props}>
    <path d="M17 3l4 4-4 4V8h-2.6l-2.5 3.2-1.3-1.6L13.4 6H17V3ZM3 6h4.6l8.8 11H17v-3l4 4-4 4v-3h-2.6L5.6 8H3V6Zm0 10h2.6l2.5-3.2 1.3 1.6L7.6 18H3v-2Z" />
  </Svg>
);
export const RepeatIcon = (props: IconProps) => (
  <Svg {...props}>
    <path d="M7 7h10v3l4-4-4-4v3H5v6h2V7Zm10 10H7v-3l-4 4 4 4v-3h12v-6h-2v4Z" />
  </Svg>
);
export const RepeatOneIcon = (props: IconProps) => (
  <Svg {...props}>
    <path d="M7 7h10v3l4-4-4-4v3H5v6h2V7Zm10 10H7v-3l-4 4 4 4v-3h12v-6h-2v4Zm-4-2V9h-1l-2 1v1h1.5v4H13Z" />
  </Svg>
);
export const ChevronDownIcon = (props: IconProps) => (
  <Svg {...props}>
    <path d="M6.7 8.3 12 13.6l5.3-5.3 1.4 1.4L12 16.4 5.3 9.7l1.4-1.4Z" />
  </Svg>
);
export const DragHandleIcon = (props: IconProps) => (
  <Svg {...props}>
    <path d="M4 8h16v2H4V8Zm0 6h16v2H4v-2Z" />
  </Svg>
);
export const ShareIcon = (props: IconProps) => (
  <Svg {...props}>
    <path d="M18 16a3 3 0 0 0-2.2 1l-7-4a3 3 0 0 0 0-2l7-4A3 3 0 1 0 15 5l-7 4a3 3 0 1 0 0 6l7 4A3 3 0 1 0 18 16Z" />
  </Svg>
);
export const TimerIcon = (props: IconProps) => (
  <Svg {...props}>
    <path d="M9 1h6v2H9V1Zm10 5.4 1.4-1.4L19 3.6 17.6 5A9 9 0 1 0 19 6.4ZM12 21a7 7 0 1 1 0-14 7 7 0 0 1 0 14Zm1-12h-2v6h2V9Z" />
  </Svg>
);
/** Sliders: the listening settings. */
export const SettingsIcon = (props: IconProps) => (
  <Svg {...props}>
    <path d="M3 17v2h6v-2H3zM3 5v2h10V5H3zm10 16v-2h8v-2h-8v-2h-2v6h2zM7 9v2H3v2h4v2h2V9H7zm14 4v-2H11v2h10zm-6-4h2V7h4V5h-4V3h-2v6z" />
  </Svg>
);
