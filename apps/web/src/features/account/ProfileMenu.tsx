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
import { GUEST_USERNAME } from "@purplebeats/contracts/constants";
import classes from "./ProfileMenu.module.css";

/** SPEC.md's five items; those without a screen yet only note the click. */
export const LOGGED_ONLY_ITEMS = [
  "Account",
  "Notifications",
  "Recently played",
  "News & Updates",
  "Settings & Privacy",
];

const NEWS_ITEM = "News & Updates";

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
        {premium &&
          LOGGED_ONLY_ITEMS.map((item) => (
            <Menu.Item
              key={item}
              onClick={() =>
                item === NEWS_ITEM ? void navigate(paths.news) : console.log(`${item} clicked`)
              }
            >
              {item}
            </Menu.Item>
          ))}
        {/* News & Updates is for everyone: members find it in SPEC.md's place above. */}
        {!premium && <Menu.Item onClick={() => void navigate(paths.news)}>{NEWS_ITEM}</Menu.Item>}
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
