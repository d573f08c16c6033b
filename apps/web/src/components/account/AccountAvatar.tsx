import { artSrcSet } from "@purplebeats/contracts/constants";
import { initialsOf } from "../../account/profile";
import classes from "./AccountAvatar.module.css";

/** The avatar's width in the header (AccountAvatar.module.css): the picture is taken at this size. */
const AVATAR_PX = 40;

/**
 * The header's account entry: the listener's picture, or their initials. Plain markup rather than Mantine's
 * Avatar, since it is part of every first screen (budget: 170 KB gzip); the dropdown shows the full one.
 */
export function AccountAvatar({ name, imageUrl }: { name: string; imageUrl: string | null }) {
  // An uploaded photo comes at the avatar's size, not as the megabytes the phone took.
  const srcSet = imageUrl ? (artSrcSet(imageUrl) ?? undefined) : undefined;
  return (
    <span className={classes.avatar} data-testid="user-avatar">
      {imageUrl ? (
        <img
          src={imageUrl}
          srcSet={srcSet}
          sizes={srcSet && `${AVATAR_PX}px`}
          alt={name}
          className={classes.image}
        />
      ) : (
        initialsOf(name)
      )}
    </span>
  );
}
