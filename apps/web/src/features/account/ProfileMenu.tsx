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
import { UserAvatar } from "./UserAvatar";
import classes from "./ProfileMenu.module.css";

/** The five items that only note the click: their screens are not part of the product yet. */
export const LOGGED_ONLY_ITEMS = [
  "Account",
  "Notifications",
  "Recently played",
  "News & Updates",
  "Settings & Privacy",
];

export interface ProfileMenuProps {
  /** Premium members get SPEC.md's full dropdown; everyone else the ways in and out. */
  premium: boolean;
  /** Open on mount (its trigger was pressed while the menu's code loaded: shell/HeaderAccount). */
  defaultOpened?: boolean;
}

export function ProfileMenu({ premium, defaultOpened }: ProfileMenuProps) {
  const { user, logout, resetGuestProfile, signInWithPi } = useAuth();
  const profile = useProfile();
  const navigate = useNavigate();
  const name = accountName(profile.data, user);
  const isGuest = user?.isGuest ?? true;
  const imageUrl = profile.data?.imageUrl ?? null;

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
          aria-label="Open profile menu"
          data-testid="profile-menu-button"
        >
          <AccountAvatar name={name} imageUrl={imageUrl} />
        </UnstyledButton>
      </Menu.Target>
      <Menu.Dropdown data-testid="profile-menu">
        <div className={classes.header}>
          <UserAvatar name={name} imageUrl={imageUrl} size={44} />
          <div className={classes.who}>
            <Text fw={700} size="sm" truncate>
              {name}
            </Text>
            <Text size="xs" c={premium && !isGuest ? "yellow.4" : "dimmed"}>
              {isGuest ? "Guest User" : premium ? "Premium Member" : "Free Listener"}
            </Text>
          </div>
        </div>
        <Menu.Divider />
        <Menu.Item onClick={() => void navigate(paths.profile)}>Profile</Menu.Item>
        {premium &&
          LOGGED_ONLY_ITEMS.map((item) => (
            <Menu.Item key={item} onClick={() => console.log(`${item} clicked`)}>
              {item}
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
