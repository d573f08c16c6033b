// SPEC.md section 2's profile dropdown: the header's account corner for premium members.
import "@mantine/core/styles/Popover.css";
import "@mantine/core/styles/Menu.css";
import { Menu, Text, UnstyledButton } from "@mantine/core";
import { useNavigate } from "react-router-dom";
import { useAuth } from "../../account/AuthProvider";
import { useProfile } from "../../account/profile";
import { paths } from "../../lib/paths";
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

/** The dropdown's name when the listener has none. */
export const DEFAULT_MENU_NAME = "Guest";

export function ProfileMenu() {
  const { user, logout, resetGuestProfile } = useAuth();
  const profile = useProfile();
  const navigate = useNavigate();
  const name = profile.data?.name || user?.username || DEFAULT_MENU_NAME;
  const isGuest = user?.isGuest ?? true;
  const imageUrl = profile.data?.imageUrl ?? null;

  return (
    <Menu position="bottom-end" width={248} shadow="md" radius="md" withinPortal>
      <Menu.Target>
        <UnstyledButton
          className={classes.trigger}
          aria-label="Open profile menu"
          data-testid="profile-menu-button"
        >
          <UserAvatar name={name} imageUrl={imageUrl} size={40} />
        </UnstyledButton>
      </Menu.Target>
      <Menu.Dropdown data-testid="profile-menu">
        <div className={classes.header}>
          <UserAvatar name={name} imageUrl={imageUrl} size={44} />
          <div className={classes.who}>
            <Text fw={700} size="sm" truncate>
              {name}
            </Text>
            <Text size="xs" c={isGuest ? "dimmed" : "yellow.4"}>
              {isGuest ? "Guest User" : "Premium Member"}
            </Text>
          </div>
        </div>
        <Menu.Divider />
        <Menu.Item onClick={() => void navigate(paths.profile)}>Profile</Menu.Item>
        {LOGGED_ONLY_ITEMS.map((item) => (
          <Menu.Item key={item} onClick={() => console.log(`${item} clicked`)}>
            {item}
          </Menu.Item>
        ))}
        <Menu.Divider />
        {isGuest && <Menu.Item onClick={() => void resetGuestProfile()}>Reset Profile</Menu.Item>}
        <Menu.Item color="red" onClick={() => void logout()}>
          Log out
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
