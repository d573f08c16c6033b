import { initialsOf } from "./profile";
import { sizedPicture } from "@purplebeats/contracts/constants";
import { badgeText, unreadLabel } from "./unread-count";
import { useT } from "../../i18n";
import classes from "./AccountAvatar.module.css";

/** The avatar's width in the header (AccountAvatar.module.css): the picture is taken at this size. */
const AVATAR_PX = 40;

/**
 * The header's account entry: the listener's picture, or their initials, with the unread notifications'
 * badge. Plain markup rather than Mantine's Avatar, since it is part of every first screen (budget: 170 KB
 * gzip); the dropdown shows the full one.
 */
export function AccountAvatar({
  name,
  imageUrl,
  unread = 0,
}: {
  name: string;
  imageUrl: string | null;
  /** Unread notifications: a badge when any, its count said in words to screen readers. */
  unread?: number;
}) {
  const t = useT();
  return (
    <span className={classes.frame}>
      <span className={classes.avatar} data-testid="user-avatar">
        {imageUrl ? (
          <img
            src={imageUrl}
            {...sizedPicture(imageUrl, `${AVATAR_PX}px`)}
            alt={name}
            className={classes.image}
          />
        ) : (
          initialsOf(name)
        )}
      </span>
      {unread > 0 && (
        <span className={classes.badge} data-testid="unread-badge">
          <span aria-hidden>{badgeText(unread)}</span>
          <span className={classes.srOnly}>{unreadLabel(unread, t)}</span>
        </span>
      )}
    </span>
  );
}
