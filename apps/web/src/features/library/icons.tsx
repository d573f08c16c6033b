// The library's inline icons (20 px, stroke = currentColor, decorative); the crown and check are the account screens'.
import { Icon as BaseIcon, type IconProps } from "../../ui/icons";
import { CheckIcon as AccountCheckIcon, CrownIcon as AccountCrownIcon } from "../account";

/** The library's menus use 20 px icons. */
const Icon = ({ size = 20, ...props }: IconProps) => <BaseIcon size={size} {...props} />;

export { DotsIcon } from "./dots-icon";

/** The upgrade mark on premium-only options. */
export const CrownIcon = ({ size = 20, ...props }: IconProps) => <AccountCrownIcon size={size} {...props} />;

export const PlusIcon = (props: IconProps) => (
  <Icon {...props}>
    <path d="M12 5v14M5 12h14" />
  </Icon>
);

export const CheckIcon = ({ size = 20, ...props }: IconProps) => <AccountCheckIcon size={size} {...props} />;

export const ImageIcon = (props: IconProps) => (
  <Icon {...props}>
    <rect x="3" y="3" width="18" height="18" rx="2" />
    <circle cx="9" cy="9" r="2" />
    <path d="m21 15-5-5L5 21" />
  </Icon>
);

export const PencilIcon = (props: IconProps) => (
  <Icon {...props}>
    <path d="M12 20h9M16.5 3.5a2.1 2.1 0 0 1 3 3L7 19l-4 1 1-4z" />
  </Icon>
);

export const ListPlusIcon = (props: IconProps) => (
  <Icon {...props}>
    <path d="M3 6h12M3 12h12M3 18h8M18 15v6M15 18h6" />
  </Icon>
);

export const LibraryAddIcon = (props: IconProps) => (
  <Icon {...props}>
    <path d="M4 4v16M9 4v16M14 4.5l5 15" />
  </Icon>
);

export const TrashIcon = (props: IconProps) => (
  <Icon {...props}>
    <path d="M3 6h18M8 6V4h8v2M6 6l1 14h10l1-14" />
  </Icon>
);

export const ArrowUpDownIcon = (props: IconProps) => (
  <Icon {...props}>
    <path d="M7 4v16M3 8l4-4 4 4M17 20V4M13 16l4 4 4-4" />
  </Icon>
);

export const TextIcon = (props: IconProps) => (
  <Icon {...props}>
    <path d="M4 6h16M4 12h16M4 18h10" />
  </Icon>
);

/** A globe: 'Make public' (anyone with the link, search and others' libraries). */
export const GlobeIcon = (props: IconProps) => (
  <Icon {...props}>
    <circle cx="12" cy="12" r="9" />
    <path d="M3 12h18M12 3c2.5 2.5 3.8 5.5 3.8 9s-1.3 6.5-3.8 9c-2.5-2.5-3.8-5.5-3.8-9S9.5 5.5 12 3z" />
  </Icon>
);

export const ChevronUpIcon = (props: IconProps) => (
  <Icon {...props}>
    <path d="m6 15 6-6 6 6" />
  </Icon>
);

export const ChevronDownIcon = (props: IconProps) => (
  <Icon {...props}>
    <path d="m6 9 6 6 6-6" />
  </Icon>
);
