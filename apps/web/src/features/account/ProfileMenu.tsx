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
import { useUnreadCount } from "./unread-count";
import { UserAvatar } from "./UserAvatar";
import { GUEST_USERNAME } from "@purplebeats/contracts/constants";
import classes from "./ProfileMenu.module.css";
import { useT } from "../../i18n";
import { LanguagePicker } from "./LanguagePicker";
import { trpc } from "../../lib/trpc";

/**
 * The account menu's screens, in SPEC.md's order. Everyone gets them (DESIGN.md: a screen behind every item):
 * a guest's account, history and data rights are theirs too.
 */
export const ACCOUNT_SCREEN_ITEMS = [
  { label: "menu.account", to: paths.account },
  { label: "menu.notifications", to: paths.notifications },
  { label: "menu.recentlyPlayed", to: paths.recentlyPlayed },
  { label: "menu.news", to: paths.news },
  { label: "menu.settings", to: paths.settings },
] as const;

export interface ProfileMenuProps {
  /** Premium members get SPEC.md's full dropdown; everyone else the ways in and out. */
  premium: boolean;
  /** Open on mount (its trigger was pressed while the menu's code loaded: shell/HeaderAccount). */
  defaultOpened?: boolean;
}

export function ProfileMenu({ premium, defaultOpened }: ProfileMenuProps) {
  const { user, offline, lastSeen, logout, resetGuestProfile, signInWithPi } = useAuth();
  const profile = useProfile();
  // The trigger keeps the unread badge once the menu has replaced the header's own (HeaderAccount).
  const unread = useUnreadCount();
  const navigate = useNavigate();
  const t = useT();
  const name = accountName(profile.data ?? lastSeen ?? undefined, user);
  const isGuest = user?.isGuest ?? true;
  const imageUrl = profile.data?.imageUrl ?? null;
  const standing = isGuest ? GUEST_USERNAME : premium ? t("menu.premiumMember") : t("menu.freeListener");

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
          aria-label={t("account.openProfileMenu", { count: unread })}
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
            {offline && (
              <Text size="xs" c="dimmed">
                {t("account.offline")}
              </Text>
            )}
          </div>
        </div>
        <Menu.Divider />
        <Menu.Item onClick={() => void navigate(paths.profile)}>{t("menu.profile")}</Menu.Item>
        {ACCOUNT_SCREEN_ITEMS.map((item) => (
          <Menu.Item key={item.to} onClick={() => void navigate(item.to)}>
            {t(item.label)}
          </Menu.Item>
        ))}
        {!isGuest && <ArtistStudioItem onOpen={() => void navigate(paths.artistStudio)} />}
        {user?.isAdmin && <Menu.Item onClick={() => void navigate(paths.admin)}>{t("menu.admin")}</Menu.Item>}
        <Menu.Item onClick={() => void navigate(paths.legal)}>{t("menu.terms")}</Menu.Item>
        <Menu.Divider />
        {isGuest && (
          <div className={classes.language}>
            <LanguagePicker size="xs" />
          </div>
        )}
        {isGuest && <Menu.Item onClick={() => void signInWithPi()}>{t("menu.signIn")}</Menu.Item>}
        {isGuest && <Menu.Item onClick={() => void resetGuestProfile()}>{t("menu.resetProfile")}</Menu.Item>}
        {(premium || !isGuest) && (
          <Menu.Item color="red" onClick={() => void logout()}>
            {t("menu.logOut")}
          </Menu.Item>
        )}
      </Menu.Dropdown>
    </Menu>
  );
}

/**
 * 'Artist Studio', for a listener who manages an approved artist: asked once the menu opens (the dropdown is
 * drawn then), so the header itself asks nothing more.
 */
function ArtistStudioItem({ onOpen }: { onOpen(): void }) {
  const t = useT();
  const mine = trpc.artistAccounts.mine.useQuery(undefined, { staleTime: 60_000 });
  if (!mine.data?.managed.length) return null;
  return <Menu.Item onClick={onOpen}>{t("menu.artistStudio")}</Menu.Item>;
}
