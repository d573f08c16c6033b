import { initialsOf } from "./profile";
import { sizedPicture } from "@purplebeats/contracts/constants";
import classes from "./AccountAvatar.module.css";

/** The avatar's width in the header (AccountAvatar.module.css): the picture is taken at this size. */
const AVATAR_PX = 40;

/**
 * The header's account entry: the listener's picture, or their initials. Plain markup rather than Mantine's
 * Avatar, since it is part of every first screen (budget: 170 KB gzip); the dropdown shows the full one.
 */
export function AccountAvatar({ name, imageUrl }: { name: string; imageUrl: string | null }) {
  return (
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
  );
}
