// The header's account entry. SPEC.md section 2 gives premium members its profile dropdown; DESIGN.md gives
// everyone an entry, so guests and free listeners reach Profile, sign-in and log-out (and admins the dashboard).
import "@mantine/core/styles/Popover.css";
import "@mantine/core/styles/Menu.css";
import { Menu, Text, UnstyledButton } from "@mantine/core";
import { useNavigate } from "react-router-dom";
import { useAuth } from "./AuthProvider";
import { useProfile } from "./profile";
import { paths } from "../../lib/paths";
import { accountName } from "./profile-names";
import { AccountAvatar } from "./AccountAvatar";
import { unreadLabel, useUnreadCount } from "./unread-count";
import { UserAvatar } from "./UserAvatar";
import { GUEST_USERNAME } from "@purplebeats/contracts/constants";
import classes from "./ProfileMenu.module.css";

/**
 * The account menu's screens, in SPEC.md's order. Everyone gets them (DESIGN.md: a screen behind every item):
 * a guest's account, history and data rights are theirs too.
 */
export const ACCOUNT_SCREEN_ITEMS = [
  { label: "Account", to: paths.account },
  { label: "Notifications", to: paths.notifications },
  { label: "Recently played", to: paths.recentlyPlayed },
  { label: "News & Updates", to: paths.news },
  { label: "Settings & Privacy", to: paths.settings },
] as const;

export interface ProfileMenuProps {
  /** Premium members get SPEC.md's full dropdown; everyone else the ways in and out. */
  premium: boolean;
  /** Open on mount (its trigger was pressed while the menu's code loaded: shell/HeaderAccount). */
  defaultOpened?: boolean;
}

export function ProfileMenu({ premium, defaultOpened }: ProfileMenuProps) {
  const { user, logout, resetGuestProfile, signInWithPi } = useAuth();
  const profile = useProfile();
  // The trigger keeps the unread badge once the menu has replaced the header's own (HeaderAccount).
  const unread = useUnreadCount();
  const navigate = useNavigate();
  const name = accountName(profile.data, user);
  const isGuest = user?.isGuest ?? true;
  const imageUrl = profile.data?.imageUrl ?? null;
  const standing = isGuest ? GUEST_USERNAME : premium ? "Premium Member" : "Free Listener";

  return (
    <Menu
      position="bottom-end"
      width={248}
      shadow="md"
      radius="md"
      withinPortal
      defaultOpened={defaultOpened}
    >
      <Menu.Target>
        <UnstyledButton
          className={classes.trigger}
          aria-label={unread > 0 ? `Open profile menu, ${unreadLabel(unread)}` : "Open profile menu"}
          data-testid="profile-menu-button"
        >
          <AccountAvatar name={name} imageUrl={imageUrl} unread={unread} />
        </UnstyledButton>
      </Menu.Target>
      <Menu.Dropdown data-testid="profile-menu">
        <div className={classes.header}>
          <UserAvatar name={name} imageUrl={imageUrl} size={44} />
          <div className={classes.who}>
            <Text fw={700} size="sm" truncate>
              {name}
            </Text>
            {/* A guest who kept the guest's name is named once, not as name and as standing. */}
            {standing !== name && (
              <Text size="xs" c={premium && !isGuest ? "yellow.4" : "dimmed"}>
                {standing}
              </Text>
            )}
          </div>
        </div>
        <Menu.Divider />
        <Menu.Item onClick={() => void navigate(paths.profile)}>Profile</Menu.Item>
        {ACCOUNT_SCREEN_ITEMS.map((item) => (
          <Menu.Item key={item.to} onClick={() => void navigate(item.to)}>
            {item.label}
          </Menu.Item>
        ))}
        {user?.isAdmin && <Menu.Item onClick={() => void navigate(paths.admin)}>Admin</Menu.Item>}
        <Menu.Item onClick={() => void navigate(paths.legal)}>Terms & Privacy</Menu.Item>
        <Menu.Divider />
        {isGuest && <Menu.Item onClick={() => void signInWithPi()}>Sign in with Pi</Menu.Item>}
        {isGuest && <Menu.Item onClick={() => void resetGuestProfile()}>Reset Profile</Menu.Item>}
        {(premium || !isGuest) && (
          <Menu.Item color="red" onClick={() => void logout()}>
            Log out
          </Menu.Item>
        )}
      </Menu.Dropdown>
    </Menu>
  );
}
