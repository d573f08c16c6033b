import { Button, UnstyledButton } from "@mantine/core";
import { Suspense, useEffect, useState } from "react";
import { ChunkBoundary, chunkLoader, lazyChunk } from "../../lib/chunk-loading";
import { MenuUnavailable } from "../../ui/chunks/ChunkUnavailable";
import { ScreenLink } from "../../ui/screen-link";
import { useT } from "../../i18n";
import { useAuth } from "./AuthProvider";
import { useIsPremium } from "./membership";
import { useProfile } from "./profile";
import { useProfileLanguage } from "./profile-language";
import { afterFirstScreen } from "../../first-screen/after-first-screen";
import { paths } from "../../lib/paths";
import { accountName } from "./profile-names";
import { AccountAvatar } from "./AccountAvatar";
import { useUnreadCount } from "./unread-count";
import classes from "./ProfileMenu.module.css";
import header from "./HeaderAccount.module.css";

const loadProfileMenu = chunkLoader(() => import("./ProfileMenu"));
// The dropdown (Mantine's Menu: popover, focus trap) is not part of the first paint: a trigger of the same
// look is, and the menu mounts when it is first pressed. Server-rendered too, the trigger hydrates as it is.
const ProfileMenu = lazyChunk(() => loadProfileMenu().then((module) => ({ default: module.ProfileMenu })));

/**
 * The header's account corner: everyone's account entry (DESIGN.md), and for everyone who is not a premium
 * member (or whose membership is still loading) SPEC.md section 2's 'Go Premium' button beside it. Offline
 * (the session unreadable), 'Offline' in its place: premium cannot be bought then, and the row keeps its width.
 */
export function HeaderAccount() {
  const t = useT();
  const isPremium = useIsPremium();
  const { offline } = useAuth();
  return (
    <div className={header.account}>
      {offline && (
        <span className={header.offline} role="status">
          {t("account.offline")}
        </span>
      )}
      {!isPremium && !offline && (
        <Button component={ScreenLink} to={paths.premium} size="sm" h={40} px={14} radius="xl">
          {t("account.goPremium")}
        </Button>
      )}
      <AccountEntry premium={isPremium} />
    </div>
  );
}

function AccountEntry({ premium }: { premium: boolean }) {
  const t = useT();
  const [pressed, setPressed] = useState(false);
  const { user, lastSeen } = useAuth();
  const profile = useProfile();
  useProfileLanguage(profile.data?.language);
  const seenName = profile.data?.name;
  const seenUid = profile.data?.userId;
  useEffect(() => {
    if (seenUid === undefined || seenName === undefined) return;
    // Kept for the header offline (last-account.ts, loaded here rather than with the first screen).
    void import("./last-account").then(
      (module) => module.rememberLastDetails(seenUid, { name: seenName }),
      () => undefined,
    );
  }, [seenUid, seenName]);
  const unread = useUnreadCount();
  // Fetched once the first screen is done (at the first touch at the latest), so that a press opens it at
  // once, and not beside hydration, whose tasks its modules would lengthen.
  useEffect(() => afterFirstScreen(() => void loadProfileMenu()), []);
  const trigger = (
    <UnstyledButton
      className={classes.trigger}
      aria-label={t("account.openProfileMenu", { count: unread })}
      aria-haspopup="menu"
      data-testid="profile-menu-button"
      onClick={() => setPressed(true)}
    >
      <AccountAvatar
        name={accountName(profile.data ?? lastSeen ?? undefined, user)}
        imageUrl={profile.data?.imageUrl ?? null}
        unread={unread}
      />
    </UnstyledButton>
  );
  if (!pressed) return trigger;
  // Pressed offline before its code came: the trigger stays, and a notice says so (lib/chunk-loading.tsx).
  return (
    <ChunkBoundary fallback={<MenuUnavailable trigger={trigger} onClose={() => setPressed(false)} />}>
      <Suspense fallback={trigger}>
        <ProfileMenu premium={premium} defaultOpened />
      </Suspense>
    </ChunkBoundary>
  );
}
